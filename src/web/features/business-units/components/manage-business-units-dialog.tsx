import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type BusinessUnit, type BusinessUnitInput, businessUnitInputSchema } from '../../../../shared/schemas/business-units';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { formatDate } from '../../../lib/utils';
import { useAdminBusinessUnits, useSaveBusinessUnit } from '../api/business-unit-admin';
import { businessUnitSaveError } from './business-unit-save-error';
import { MoveAndDeleteDialog } from './move-and-delete-dialog';
import { useConfirmDeleteBusinessUnit } from './use-delete-business-unit';

/** The "Manage Business Units" dialog of the form field screen. */
export function ManageBusinessUnitsButton() {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<BusinessUnit | null>(null);
  const { data: units = [] } = useAdminBusinessUnits();
  const save = useSaveBusinessUnit();
  const { requestDelete, confirmation, referenced, clearReferenced } = useConfirmDeleteBusinessUnit();
  const form = useForm<BusinessUnitInput>({ resolver: zodResolver(businessUnitInputSchema), mode: 'onChange', values: { name: editing?.name ?? '' } });

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await save.mutateAsync({ id: editing?.id, name });
      toast({ title: editing ? 'Business unit updated successfully!' : 'Business unit created successfully!' });
      setEditing(null);
      form.reset({ name: '' });
    } catch (err) {
      toast({ title: 'Error', description: businessUnitSaveError(err, Boolean(editing)), variant: 'destructive' });
    }
  });

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Building2 className="h-4 w-4" aria-hidden="true" /> Manage Business Units
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Manage Business Units" size="lg">
          <form onSubmit={submit} noValidate className="flex items-start gap-2">
            <FormField label={editing ? `Rename "${editing.name}"` : 'Add New Business Unit'} error={form.formState.errors.name?.message} className="flex-1">
              <Input placeholder="Business unit name" {...form.register('name')} />
            </FormField>
            <div className="flex gap-2 pt-7">
              <Button type="submit" disabled={save.isPending}>
                {editing ? 'Update' : 'Add'}
              </Button>
              {editing ? (
                <Button variant="secondary" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </form>
          <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-900">Current Business Units</h3>
          {units.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">No business units configured yet</p>
          ) : (
            <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
              {units.map((u) => (
                <li key={u.id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">{u.name}</p>
                    <p className="text-xs text-slate-500">Created {u.createdAt ? formatDate(u.createdAt) : 'Unknown'}</p>
                  </div>
                  <div className="flex gap-1">
                    <Button variant="ghost" size="icon" onClick={() => setEditing(u)} aria-label={`Edit ${u.name}`}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-red-600 hover:bg-red-50"
                      onClick={() => requestDelete(u)}
                      aria-label={`Delete ${u.name}`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <DialogFooter>
            <Button onClick={() => setOpen(false)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog {...confirmation} />
      <MoveAndDeleteDialog referenced={referenced} onClose={clearReferenced} />
    </>
  );
}
