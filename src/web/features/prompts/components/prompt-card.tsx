import { Pencil, Play, Trash2 } from 'lucide-react';
import { type ReactNode, useContext } from 'react';
import { Link } from 'react-router';
import type { PromptListItem } from '../../../../shared/schemas/prompts';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { formatDate } from '../../../lib/utils';
import { PromptSlotsContext } from '../prompt-slots';
import { Chips } from './chips';
import { FavoriteButton } from './favorite-button';
import { usesLabel } from './uses-label';
import { Highlight } from './highlight';
import { PreviewLine } from './preview-line';
import { SelectBox } from './select-box';
import { VisibilityBadge } from '../../../components/sharing/visibility-badge';
import { StatusBadge } from '../status/status-badge';

interface Props {
  item: PromptListItem;
  search: string;
  onView: (id: string) => void;
  onUse: (id: string) => void;
  onDelete: (prompt: { id: string; title: string }) => void;
  /** My Prompts leaves out the author, who is always the viewer. */
  showAuthor?: boolean;
  /** All Prompts, for a prompt the member may change: a selection box for bulk actions. */
  select?: { checked: boolean; onToggle: (range: boolean) => void };
  /** One more action of the list's own, after the others (a collection's "Remove"). */
  extraAction?: ReactNode;
}

/** One prompt as a card: My Prompts at every width, and All Prompts on narrow screens. */
export function PromptCard({ item: p, search, onView, onUse, onDelete, showAuthor = true, select, extraAction }: Props) {
  const { promptAction } = useContext(PromptSlotsContext);
  return (
    <Card className="flex h-full min-w-0 flex-col p-4 sm:p-5">
      <div className="flex items-start gap-1">
        {select ? (
          <span className="mt-1 mr-2">
            <SelectBox label={`Select ${p.title}`} {...select} />
          </span>
        ) : null}
        <button type="button" onClick={() => onView(p.id)} className="min-w-0 flex-1 text-left">
          <h2 className="line-clamp-2 font-semibold break-words text-slate-900 hover:text-brand-700" dir="auto">
            <Highlight text={p.title} search={search} />
          </h2>
        </button>
        <FavoriteButton prompt={p} className="-mt-1 -mr-1.5" />
      </div>
      <p className="mt-2 line-clamp-3 flex-1 text-sm break-words text-slate-600" dir="auto">
        <PreviewLine item={p} search={search} />
      </p>
      {showAuthor ? (
        <p className="mt-2 truncate text-xs text-slate-500">
          {p.user.firstName} {p.user.lastName} · {p.userBusinessUnit}
        </p>
      ) : null}
      <div className="mt-3 min-w-0 space-y-2">
        {p.status === 'published' && p.visibility === 'organization' ? null : (
          <div className="flex min-w-0 items-center gap-2">
            <StatusBadge status={p.status} className="shrink-0" />
            <VisibilityBadge visibility={p.visibility} units={p.units} />
          </div>
        )}
        <Chips values={p.aiModels} tone="blue" max={3} />
        <Chips values={p.tags} tone="brand" max={4} />
      </div>
      {/*
        The date and uses, then the actions: side by side when they fit, else the actions wrap whole
        onto a second line (right-aligned), never a third.
      */}
      <footer className="mt-4 flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-t border-slate-100 pt-3">
        <span className="text-xs whitespace-nowrap text-slate-500">
          {p.lastUsedAt ? `Used ${formatDate(p.lastUsedAt)}` : `Updated ${formatDate(p.updatedAt)}`} · {usesLabel(p.useCount)}
        </span>
        <span className="ml-auto flex shrink-0 gap-1">
          <Button variant="ghost" size="sm" className="text-brand-700" onClick={() => onUse(p.id)} aria-label={`Use prompt ${p.title}`}>
            <Play className="h-4 w-4" aria-hidden="true" /> Use
          </Button>
          {p.canEdit ? (
            <>
              <Link to={paths.editPrompt(p.id)} className={buttonClass('ghost', 'sm')} aria-label={`Edit ${p.title}`}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
              </Link>
              <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" onClick={() => onDelete(p)} aria-label={`Delete ${p.title}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
              </Button>
            </>
          ) : null}
          {promptAction?.(p, 'card')}
          {extraAction}
        </span>
      </footer>
    </Card>
  );
}
