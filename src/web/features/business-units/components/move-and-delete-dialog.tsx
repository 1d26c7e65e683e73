import { useState } from 'react';
import type { BusinessUnit } from '../../../../shared/schemas/business-units';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAdminBusinessUnits, useDeleteBusinessUnit } from '../api/business-unit-admin';
import { countOf } from '../../../../shared/plural';

/** A unit still in use, with what uses it (from the server's refusal). */
export interface ReferencedUnit {
  unit: BusinessUnit;
  /** The server's refusal, naming the counts. */
  message: string;
  users: number;
  prompts: number;
}

/**
 * Offered when a delete is refused because people and prompts still name the unit: they move to the
 * unit chosen here (each prompt keeps a version of the move), then the unit goes, in one request.
 */
export function MoveAndDeleteDialog({ referenced, onClose }: { referenced: ReferencedUnit | null; onClose: () => void }) {
  const { data: units = [] } = useAdminBusinessUnits();
  const del = useDeleteBusinessUnit();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const others = units.filter((u) => u.id !== referenced?.unit.id);
  const what = referenced
    ? [referenced.prompts ? countOf(referenced.prompts, 'prompt') : null, referenced.users ? countOf(referenced.users, 'user') : null]
        .filter(Boolean)
        .join(' and ')
    : '';
  const close = () => {
    setTarget('');
    setError(null);
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!referenced) return;
    if (!target) return setError('Choose the business unit to move them to');
    const to = others.find((u) => u.id === target)?.name ?? '';
    del.mutate(
      { id: referenced.unit.id, moveTo: target },
      {
        onSuccess: () => {
          toast({ title: 'Business unit deleted successfully!', description: `Moved ${what} to “${to}”.` });
          close();
        },
        onError: (err) => setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Failed to delete business unit'),
      },
    );
  };
  return (
    <Dialog open={referenced !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent title={`Delete “${referenced?.unit.name ?? ''}”`} description={referenced?.message}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={`Move its ${what} to`} error={error ?? undefined}>
            <NativeSelect value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">Select a business unit</option>
              {others.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <p className="text-sm text-slate-600">Each moved prompt keeps a version of the move in its history. This cannot be undone.</p>
          <DialogFooter>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={del.isPending}>
              {del.isPending ? 'Moving...' : 'Move and delete'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
