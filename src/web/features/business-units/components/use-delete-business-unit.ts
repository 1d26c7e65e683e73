import { useState } from 'react';
import type { BusinessUnit } from '../../../../shared/schemas/business-units';
import { hasErrorCode } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteBusinessUnit } from '../api/business-unit-admin';
import type { ReferencedUnit } from './move-and-delete-dialog';

/**
 * Delete with the browser confirmation. A unit still in use is refused with its counts, and then
 * `referenced` holds it, for the caller to offer moving its users and prompts elsewhere first.
 */
export function useConfirmDeleteBusinessUnit() {
  const del = useDeleteBusinessUnit();
  const [referenced, setReferenced] = useState<ReferencedUnit | null>(null);
  const confirmDelete = (unit: BusinessUnit) => {
    if (!window.confirm('Are you sure you want to delete this business unit? This action cannot be undone.')) return;
    del.mutate(
      { id: unit.id },
      {
        onSuccess: () => toast({ title: 'Business unit deleted successfully!' }),
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
  return { confirmDelete, referenced, clearReferenced: () => setReferenced(null) };
}
