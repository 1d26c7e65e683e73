import type { PromptStatus } from '../../../../shared/schemas/status';
import { Badge } from '../../../components/ui/badge';

const BADGES: Record<Exclude<PromptStatus, 'published'>, { text: string; tone: 'grey' | 'green' | 'red' }> = {
  draft: { text: 'Draft', tone: 'grey' },
  verified: { text: 'Verified', tone: 'green' },
  deprecated: { text: 'Deprecated', tone: 'red' },
};

/**
 * "Draft", "Verified" (or "Needs review" once its verification ran out) or "Deprecated" beside a
 * prompt's title; nothing for a published one, which is what most prompts are.
 */
export function StatusBadge({ status, needsReview = false, className }: { status: PromptStatus; needsReview?: boolean; className?: string }) {
  if (status === 'published') return null;
  const badge = needsReview && status === 'verified' ? ({ text: 'Needs review', tone: 'amber' } as const) : BADGES[status];
  return (
    <Badge tone={badge.tone} className={className} data-status={status}>
      {badge.text}
    </Badge>
  );
}
