import type { ReactNode } from 'react';
import type { Suggestion, SuggestionBaseText, SuggestionStatus } from '../../../../shared/schemas/suggestions';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/utils';

/**
 * Draws what a suggestion would change, `before` being the prompt's current text: the prompts feature's
 * diff of versions, handed in by the app (one feature does not import another).
 */
export type RenderSuggestionDiff = (before: SuggestionBaseText, after: SuggestionBaseText) => ReactNode;

/** "Rita Reader", or what is left of someone whose account is gone. */
export const personName = (p: { firstName: string; lastName: string } | null | undefined) =>
  (p ? `${p.firstName} ${p.lastName}`.trim() : '') || 'A former member';

/** The prompt's text as it would read with the suggestion applied. */
export const applied = (s: Pick<Suggestion, 'current' | 'changes'>): SuggestionBaseText => ({
  title: s.changes.title ?? s.current.title,
  content: s.changes.content ?? s.current.content,
  notes: s.changes.notes === undefined ? s.current.notes : s.changes.notes,
  tags: s.changes.tags ?? s.current.tags,
});

const STATUS: Record<SuggestionStatus, { label: string; tone: 'amber' | 'green' | 'grey' }> = {
  open: { label: 'Open', tone: 'amber' },
  accepted: { label: 'Accepted', tone: 'green' },
  declined: { label: 'Declined', tone: 'grey' },
};

export function SuggestionStatusBadge({ status }: { status: SuggestionStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

/** "Rita Reader · Jan 5, 2026": who suggested it, and when. */
export function SuggestionByline({ suggestion }: { suggestion: Pick<Suggestion, 'author' | 'createdAt'> }) {
  return (
    <p className="text-xs text-slate-600">
      <span dir="auto">{personName(suggestion.author)}</span> · <time dateTime={suggestion.createdAt}>{formatDate(suggestion.createdAt)}</time>
    </p>
  );
}

/** What the suggester wrote about their change. */
export function SuggestionMessage({ message }: { message: string }) {
  return (
    <p dir="auto" className="text-sm break-words whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
      {message}
    </p>
  );
}

/** "Accepted by Olive Owner · version 4" or "Declined by Olive Owner: reply". */
export function DecisionLine({ suggestion }: { suggestion: Suggestion }) {
  const by = personName(suggestion.decidedBy);
  if (suggestion.status === 'accepted') {
    return (
      <p className="text-sm text-emerald-800">
        Accepted by <span dir="auto">{by}</span>
        {suggestion.acceptedVersion ? ` · version ${suggestion.acceptedVersion}` : ''}
      </p>
    );
  }
  if (suggestion.status === 'declined') {
    return (
      <p className="text-sm break-words whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">
        Declined by <span dir="auto">{by}</span>: <span dir="auto">{suggestion.reply}</span>
      </p>
    );
  }
  return null;
}
