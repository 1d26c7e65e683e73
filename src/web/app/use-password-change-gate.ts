import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setPasswordChangeRequiredHandler } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * Any call the server refuses with password_change_required refreshes the current user, whose
 * mustChangePassword flag opens the forced change dialog (e.g. an admin reset the password in another
 * tab). Installed by the signed-in routes, so it works before the dialog's code has loaded.
 */
export function usePasswordChangeGate(): void {
  const qc = useQueryClient();
  useEffect(() => setPasswordChangeRequiredHandler(() => void qc.invalidateQueries({ queryKey: queryKeys.currentUser })), [qc]);
}
