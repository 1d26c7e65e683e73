import { visibilityBadge, type Visibility } from '../../../shared/visibility';
import { Badge } from '../ui/badge';
import { cn } from '../../lib/utils';

/**
 * "Private" or "Units: Legal, HR" beside a prompt that not everyone sees; nothing for the organization.
 * A long list of units is cut with an ellipsis where the badge runs out of room (`className` sets how
 * wide it may grow); the whole text stays in the page for screen readers and shows as a tooltip.
 */
export function VisibilityBadge({ visibility, units, className }: { visibility: Visibility; units: readonly string[]; className?: string }) {
  const text = visibilityBadge(visibility, units);
  if (!text) return null;
  return (
    <Badge tone={visibility === 'private' ? 'amber' : 'grey'} title={text} className={cn('max-w-full min-w-0', className)} data-visibility={visibility}>
      {/* The text in a span of its own: an ellipsis needs a block that can shrink, which a flex badge's bare text is not. */}
      <span className="truncate" dir="auto">
        {text}
      </span>
    </Badge>
  );
}
