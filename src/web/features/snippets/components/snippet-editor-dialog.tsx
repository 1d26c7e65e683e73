import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SnippetDetail } from '../../../../shared/schemas/snippets';
import type { Visibility } from '../../../../shared/visibility';
import { Dialog, DialogContent, FormDialogFooter, useInitialFocus } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { plural } from '../../../../shared/plural';
import { saveErrorMessage } from '../../../lib/save-error';
import { VisibilityChoice } from '../../../components/sharing/visibility-choice';
import { useCreateSnippet, useUpdateSnippet } from '../api/snippets';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The snippet changed; none: a new one. */
  snippet?: SnippetDetail;
  /** Called with the saved snippet. */
  onSaved?: (saved: SnippetDetail) => void;
  /** Text to start a change from (an earlier version), instead of the current one. */
  startingText?: string;
}

/**
 * New snippet, or a change to one: its name, its text and who may see it. A change names, before it
 * is saved, the prompts whose text it changes (every prompt that includes the snippet).
 */
export function SnippetEditorDialog({ open, onOpenChange, snippet, onSaved, startingText }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={snippet ? `Edit snippet “${snippet.name}”` : 'New snippet'}
          description="Prompts include a snippet by writing {{> name}}. Its {{variables}} become theirs."
          size="lg"
        >
          <SnippetForm snippet={snippet} startingText={startingText} onDone={() => onOpenChange(false)} onSaved={onSaved} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function SnippetForm({
  snippet,
  startingText,
  onDone,
  onSaved,
}: {
  snippet?: SnippetDetail;
  startingText?: string;
  onDone: () => void;
  onSaved?: Props['onSaved'];
}) {
  const { data: me } = useCurrentUser();
  const form = useRef<HTMLFormElement>(null);
  // A new snippet starts at its name; a change at its text.
  useInitialFocus(form, snippet ? 'textarea' : 'input');
  const [name, setName] = useState(snippet?.name ?? '');
  const [content, setContent] = useState(startingText ?? snippet?.content ?? '');
  const [visibility, setVisibility] = useState<Visibility>(snippet?.visibility ?? 'organization');
  const [units, setUnits] = useState<string[]>(snippet?.units ?? []);
  const create = useCreateSnippet();
  const update = useUpdateSnippet(snippet?.id ?? '');
  const save = snippet ? update : create;
  const pending = create.isPending || update.isPending;
  const fieldErrors = save.error instanceof ApiError ? (save.error.fieldErrors ?? {}) : {};
  const general = save.error && !Object.keys(fieldErrors).length ? saveErrorMessage(save.error, 'Could not save the snippet') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name: name.trim(), content, visibility, ...(visibility === 'units' ? { units } : {}) };
    const done = {
      onSuccess: (saved: SnippetDetail) => {
        onSaved?.(saved);
        onDone();
      },
    };
    if (snippet) update.mutate(input, done);
    else create.mutate(input, done);
  };
  const affected = snippet ? snippet.usedInCount + snippet.hiddenUsedInCount : 0;

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4">
      {general ? <ErrorBox>{general}</ErrorBox> : null}
      <FormField label="Name" required error={fieldErrors.name} hint="Letters, digits, “-” and “_”; prompts write {{> name}}.">
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={64} autoComplete="off" spellCheck={false} />
      </FormField>
      <FormField label="Text" required error={fieldErrors.content}>
        <Textarea value={content} onChange={(e) => setContent(e.target.value)} rows={8} className="font-mono text-sm" />
      </FormField>
      <VisibilityChoice
        visibility={visibility}
        units={units}
        onVisibilityChange={setVisibility}
        onUnitsChange={setUnits}
        defaultUnit={me?.businessUnit ?? ''}
        unitsError={fieldErrors.units}
        labels={{ private: 'Only me' }}
        stacked
      />
      {snippet && affected > 0 ? (
        <div role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">
            Saving changes {affected} {plural(affected, 'prompt')} that {affected === 1 ? 'includes' : 'include'} this snippet:
          </p>
          <ul className="mt-1 max-h-32 list-disc overflow-y-auto pl-5">
            {snippet.usedIn.map((p) => (
              <li key={p.id}>
                <Link to={paths.prompt(p.id)} className="underline hover:text-amber-950" target="_blank" rel="noreferrer">
                  {p.title}
                </Link>
              </li>
            ))}
            {snippet.hiddenUsedInCount ? <li>and {snippet.hiddenUsedInCount} you cannot see</li> : null}
          </ul>
        </div>
      ) : null}
      <FormDialogFooter onCancel={onDone} pending={pending} submitLabel={snippet ? 'Save changes' : 'Create snippet'} />
    </form>
  );
}
