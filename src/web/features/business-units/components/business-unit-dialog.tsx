import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type BusinessUnit, type BusinessUnitInput, businessUnitInputSchema } from '../../../../shared/schemas/business-units';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useSaveBusinessUnit } from '../api/business-unit-admin';
import { businessUnitSaveError } from './business-unit-save-error';

/** "Create New Business Unit" / "Edit Business Unit". */
export function BusinessUnitDialog({ unit, open, onOpenChange }: { unit: BusinessUnit | null; open: boolean; onOpenChange: (o: boolean) => void }) {
  const save = useSaveBusinessUnit();
  const form = useForm<BusinessUnitInput>({ resolver: zodResolver(businessUnitInputSchema), mode: 'onChange', values: { name: unit?.name ?? '' } });
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await save.mutateAsync({ id: unit?.id, name });
      toast({ title: unit ? 'Business unit updated successfully!' : 'Business unit created successfully!' });
      form.reset({ name: '' });
      onOpenChange(false);
    } catch (err) {
      toast({ title: 'Error', description: businessUnitSaveError(err, Boolean(unit)), variant: 'destructive' });
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={unit ? 'Edit Business Unit' : 'Create New Business Unit'}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="Name" error={form.formState.errors.name?.message}>
            <Input placeholder="e.g. Marketing" {...form.register('name')} />
          </FormField>
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={save.isPending} submitLabel={unit ? 'Update' : 'Create'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
