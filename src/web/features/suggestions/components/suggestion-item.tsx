import { Check, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SUGGESTION_MESSAGES, type Suggestion } from '../../../../shared/schemas/suggestions';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { errorMessage, hasFieldError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDecideSuggestion } from '../api/suggestion-queries';
import { applied, DecisionLine, personName, type RenderSuggestionDiff, SuggestionByline, SuggestionMessage, SuggestionStatusBadge } from './suggestion-parts';

/** The reply a declined suggestion gets, asked for in place: the suggester reads it in their inbox. */
function DeclineForm({ suggestion, onCancel, onDone }: { suggestion: Suggestion; onCancel: () => void; onDone: () => void }) {
  const decide = useDecideSuggestion();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => box.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) {
      setError(SUGGESTION_MESSAGES.replyRequired);
      box.current?.focus();
      return;
    }
    decide.mutate(
      { id: suggestion.id, accept: false, reply },
      {
        onSuccess: () => {
          toast({ title: 'Suggestion declined', description: `${personName(suggestion.author)} will see your reply.` });
          onDone();
        },
        onError: (err) => {
          if (hasFieldError(err, 'reply')) setError(err.fieldErrors?.reply ?? null);
          else toast({ title: 'Error', description: errorMessage(err, 'The suggestion could not be declined. Try again.'), variant: 'destructive' });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <FormField label="Reply" error={error ?? undefined} hint="Why is it declined? The suggester sees this." required>
        <Textarea
          ref={box}
          rows={3}
          dir="auto"
          value={reply}
          onChange={(e) => {
            setReply(e.target.value);
            if (error && e.target.value.trim()) setError(null);
          }}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={decide.isPending}>
          {decide.isPending ? 'Declining...' : 'Decline suggestion'}
        </Button>
      </div>
    </form>
  );
}

/**
 * One suggested edit: who, when, why, and (while open) what it would change in the prompt's current
 * text; for those who decide it, Accept and Decline.
 */
export function SuggestionItem({ suggestion, renderDiff, onDecided }: { suggestion: Suggestion; renderDiff: RenderSuggestionDiff; onDecided: () => void }) {
  const decide = useDecideSuggestion();
  const [declining, setDeclining] = useState(false);
  const declineButton = useRef<HTMLButtonElement>(null);
  const open = suggestion.status === 'open';
  const author = personName(suggestion.author);

  const accept = () => {
    if (decide.isPending) return;
    decide.mutate(
      { id: suggestion.id, accept: true },
      {
        onSuccess: (done) => {
          toast(
            done.acceptedVersion
              ? { title: `Suggestion accepted — version ${done.acceptedVersion}` }
              : { title: 'Suggestion accepted', description: 'The prompt already read so: no new version was needed.' },
          );
          onDecided();
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'The suggestion could not be accepted. Try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <li className="space-y-3 p-4" aria-label={`Suggestion by ${author}`}>
      {/* The status on the byline's row, so that a long message keeps the whole width on a phone. */}
      <div className="space-y-1">
        <div className="flex items-center justify-between gap-2">
          <SuggestionByline suggestion={suggestion} />
          <SuggestionStatusBadge status={suggestion.status} />
        </div>
        <SuggestionMessage message={suggestion.message} />
      </div>
      {open ? (
        <>
          {suggestion.baseVersion < suggestion.currentVersion ? (
            <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Suggested against version {suggestion.baseVersion}; the prompt is now at version {suggestion.currentVersion}. The differences below are against
              the current text.
            </p>
          ) : null}
          {renderDiff(suggestion.current, applied(suggestion))}
        </>
      ) : (
        <DecisionLine suggestion={suggestion} />
      )}
      {suggestion.canDecide && !declining ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={accept} aria-disabled={decide.isPending || undefined} aria-label={`Accept the suggestion by ${author}`}>
            <Check className="h-4 w-4" aria-hidden="true" /> {decide.isPending ? 'Accepting...' : 'Accept'}
          </Button>
          <Button ref={declineButton} variant="secondary" size="sm" onClick={() => setDeclining(true)} aria-label={`Decline the suggestion by ${author}`}>
            <X className="h-4 w-4" aria-hidden="true" /> Decline
          </Button>
        </div>
      ) : null}
      {suggestion.canDecide && declining ? (
        <DeclineForm
          suggestion={suggestion}
          onCancel={() => {
            setDeclining(false);
            // Back to the button that opened the form, which is drawn again once the form has gone.
            requestAnimationFrame(() => declineButton.current?.focus());
          }}
          onDone={onDecided}
        />
      ) : null}
    </li>
  );
}
