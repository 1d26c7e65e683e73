import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type Collection, collectionCreateSchema, MAX_COLLECTION_DESCRIPTION_LENGTH } from '../../../../shared/schemas/collections';
import type { PromptDefaults } from '../../../../shared/schemas/prompts';
import { VISIBILITY_MESSAGES } from '../../../../shared/visibility';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useCreateCollection } from '../api/create-collection';
import { useUpdateCollection } from '../api/update-collection';
import { CollectionPartsContext, type CollectionFormValues } from './collection-parts';

// The shared schema's rules and messages; units are asked for only with the units visibility (the form
// keeps another choice's units, to give them back on switching again).
const formSchema = collectionCreateSchema
  .pick({ name: true, description: true })
  .extend({ visibility: z.enum(['private', 'units', 'organization']), units: z.array(z.string()) })
  .superRefine((v, ctx) => {
    if (v.visibility === 'units' && !v.units.length) ctx.addIssue({ code: 'custom', path: ['units'], message: VISIBILITY_MESSAGES.noUnits });
  });

const FIELDS = ['name', 'description', 'visibility', 'units'] as const;

interface Props {
  /** The collection to change; none, a new one. */
  collection?: Collection;
  onOpenChange: (open: boolean) => void;
  /** After a save: the collection as the server now has it. */
  onSaved?: (collection: Collection) => void;
}

/** Create or edit a collection: its name, its description (Markdown) and who can see it. */
export function CollectionDialog({ collection, onOpenChange, onSaved }: Props) {
  const { visibilityField } = useContext(CollectionPartsContext);
  const { data: user } = useCurrentUser();
  const defaults = useQuery<PromptDefaults>({ queryKey: queryKeys.promptDefaults, enabled: !collection });
  const create = useCreateCollection();
  const update = useUpdateCollection(collection?.id ?? '');
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState('');
  const form = useForm<CollectionFormValues>({
    resolver: zodResolver(formSchema) as never,
    mode: 'onChange',
    values: collection
      ? { name: collection.name, description: collection.description, visibility: collection.visibility, units: collection.units }
      : { name: '', description: '', visibility: defaults.data?.visibility ?? 'organization', units: defaults.data?.units ?? [] },
    // Defaults that arrive while one types must not wipe what was typed.
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure('');
    // Units go only with the units visibility (the server refuses them with another).
    const { units, ...rest } = values;
    const input = values.visibility === 'units' ? values : rest;
    try {
      const saved = collection ? await update.mutateAsync(input) : await create.mutateAsync({ input, idempotencyKey });
      toast({ title: collection ? 'Collection saved' : `Collection “${saved.name}” created` });
      onOpenChange(false);
      onSaved?.(saved);
    } catch (err) {
      if (hasErrorCode(err, 'collection_name_taken')) form.setError('name', { type: 'server', message: errorMessage(err, 'That name is taken') });
      else if (!applyServerFieldErrors(err, form.setError, FIELDS)) setFailure(errorMessage(err, 'The collection could not be saved. Try again.'));
    }
  });

  // "Business units" starts from the owner's unit: known when the owner is the member.
  const ownerUnit = !collection || collection.owner.id === user?.id ? (user?.businessUnit ?? '') : '';
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={collection ? 'Edit collection' : 'New collection'}
        size="lg"
        // The name first, rather than the dialog's close button: it is what there is to type.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          form.setFocus('name');
        }}
      >
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
          <FormField label="Name" required error={errors.name?.message}>
            <Input {...form.register('name')} autoComplete="off" />
          </FormField>
          <FormField
            label="Description"
            error={errors.description?.message}
            hint={`Optional. Markdown: **bold**, lists, links. At most ${MAX_COLLECTION_DESCRIPTION_LENGTH.toLocaleString('en-US')} characters.`}
          >
            <Textarea {...form.register('description')} rows={5} />
          </FormField>
          {visibilityField(form, ownerUnit)}
          {failure ? <ErrorBox>{failure}</ErrorBox> : null}
          <FormDialogFooter onCancel={() => onOpenChange(false)} pending={isSubmitting} submitLabel={collection ? 'Save' : 'Create collection'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
