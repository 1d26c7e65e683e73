import { hasErrorCode } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteBusinessUnit } from '../api/business-unit-admin';

/** Delete with the browser confirmation; a refusal because of references shows the server's counts. */
export function useConfirmDeleteBusinessUnit() {
  const del = useDeleteBusinessUnit();
  return (id: string) => {
    if (!window.confirm('Are you sure you want to delete this business unit? This action cannot be undone.')) return;
    del.mutate(id, {
      onSuccess: () => toast({ title: 'Business unit deleted successfully!' }),
      onError: (err) =>
        toast({
          title: 'Error',
          description: hasErrorCode(err, 'business_unit_referenced') ? err.serverMessage : 'Failed to delete business unit',
          variant: 'destructive',
        }),
    });
  };
}
