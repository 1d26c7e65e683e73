import { useState } from 'react';
import type { ConfirmDialogProps } from '../../../components/ui/confirm-dialog';
import type { BusinessUnit } from '../../../../shared/schemas/business-units';
import { hasErrorCode } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteBusinessUnit } from '../api/business-unit-admin';
import type { ReferencedUnit } from './move-and-delete-dialog';

/**
 * Delete after a confirmation (a deleted unit cannot be restored): `requestDelete` opens it, and
 * `confirmation` is what the caller renders into a ConfirmDialog. A unit still in use is refused with
 * its counts, and then `referenced` holds it, for the caller to offer moving its users and prompts first.
 */
export function useConfirmDeleteBusinessUnit() {
  const del = useDeleteBusinessUnit();
  const [asking, setAsking] = useState<BusinessUnit | null>(null);
  const [referenced, setReferenced] = useState<ReferencedUnit | null>(null);
  const deleteUnit = (unit: BusinessUnit) => {
    del.mutate(
      { id: unit.id },
      {
        onSuccess: () => toast({ title: 'Business unit deleted successfully!' }),
        onSettled: () => setAsking(null),
        onError: (err) => {
          if (hasErrorCode(err, 'business_unit_referenced')) {
            setReferenced({
              unit,
              message: err.serverMessage ?? '',
              users: Number(err.fieldErrors?.users ?? 0),
              prompts: Number(err.fieldErrors?.prompts ?? 0),
            });
            return;
          }
          toast({ title: 'Error', description: 'Failed to delete business unit', variant: 'destructive' });
        },
      },
    );
  };
  const confirmation: ConfirmDialogProps = {
    open: asking !== null,
    onOpenChange: (open) => !open && setAsking(null),
    title: 'Delete business unit?',
    description: `Delete “${asking?.name ?? ''}”? This action cannot be undone.`,
    confirmLabel: 'Delete Business Unit',
    pendingLabel: 'Deleting...',
    pending: del.isPending,
    onConfirm: () => asking && deleteUnit(asking),
  };
  return { requestDelete: setAsking, confirmation, referenced, clearReferenced: () => setReferenced(null) };
}
