import { arrayMove } from '@dnd-kit/sortable';
import { Plus, SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { FormField } from '../../../../shared/schemas/form-fields';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SortableList } from '../../../components/ui/sortable-list';
import { toast } from '../../../lib/toast';
import { useAdminFormFields, useDeleteFormField, useReorderFormFields } from '../api/form-field-admin';
import { FormFieldDialog } from './form-field-dialog';
import { SortableFieldCard } from './sortable-field-card';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorBox } from '../../../components/ui/error-box';

/** Dropping a field moves it and renumbers every field from 1 by position. */
export function reorder(fields: FormField[], from: number, to: number): FormField[] {
  return arrayMove(fields, from, to).map((f, i) => ({ ...f, order: i + 1 }));
}

/** `manageUnits` is the "Manage Business Units" control, supplied by the app shell. */
export function FormFieldManagementPage({ manageUnits }: { manageUnits?: ReactNode }) {
  usePageTitle('Form Field Management');
  const { data: fields, isLoading, isError } = useAdminFormFields();
  const reorderCall = useReorderFormFields();
  const del = useDeleteFormField();
  const [editing, setEditing] = useState<FormField | null>(null);
  const [open, setOpen] = useState(false);

  const onMove = (from: number, to: number) => {
    if (!fields) return;
    reorderCall.mutate(reorder(fields, from, to), {
      onSuccess: () => toast({ title: 'Form fields reordered successfully!' }),
      onError: () => toast({ title: 'Error', description: 'Failed to reorder form fields', variant: 'destructive' }),
    });
  };
  const [deleting, setDeleting] = useState<FormField | null>(null);
  const remove = (f: FormField) =>
    del.mutate(f.id, {
      onSuccess: () => toast({ title: 'Form field deleted successfully!' }),
      onError: () => toast({ title: 'Error', description: 'Failed to delete form field', variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });
  const openDialog = (f: FormField | null) => {
    setEditing(f);
    setOpen(true);
  };

  return (
    <>
      <PageHeader
        title="Form Field Management"
        description="Manage form fields for the application"
        actions={
          <>
            {manageUnits}
            <Button onClick={() => openDialog(null)}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Add Form Field
            </Button>
          </>
        }
      />
      <section aria-labelledby="form-fields-heading">
        <h2 id="form-fields-heading" className="text-lg font-semibold text-slate-900">
          Form Fields
        </h2>
        <p className="mb-4 text-sm text-slate-500">
          Manage the form fields available for prompt creation. Drag a field by its handle, or focus the handle and use Space and the arrow keys, to change the
          order.
        </p>
        {isLoading ? (
          <p className="text-sm text-slate-500">Loading...</p>
        ) : isError ? (
          <ErrorBox>
            <p>Error loading form fields</p>
          </ErrorBox>
        ) : !fields?.length ? (
          <EmptyState
            icon={SlidersHorizontal}
            title="No form fields configured"
            action={<Button onClick={() => openDialog(null)}>Create Your First Form Field</Button>}
          />
        ) : (
          <SortableList ids={fields.map((f) => f.id)} labelOf={(id) => fields.find((f) => f.id === id)?.label ?? ''} onMove={onMove}>
            <ul className="space-y-3">
              {fields.map((f) => (
                <SortableFieldCard key={f.id} field={f} onEdit={() => openDialog(f)} onDelete={() => setDeleting(f)} />
              ))}
            </ul>
          </SortableList>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete form field?"
        description={`Delete the field “${deleting?.label ?? ''}”? Values already saved on prompts are kept but no longer shown.`}
        confirmLabel="Delete Field"
        pendingLabel="Deleting..."
        pending={del.isPending}
        onConfirm={() => deleting && remove(deleting)}
      />
      <FormFieldDialog field={editing} nextOrder={(fields?.length ?? 0) + 1} open={open} onOpenChange={setOpen} />
    </>
  );
}
