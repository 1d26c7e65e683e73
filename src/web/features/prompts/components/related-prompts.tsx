import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { RelatedPrompt } from '../../../../shared/schemas/similar';
import { paths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';

/** Content this alike is worth saying beside the title; below, shared tags are the reason shown. */
const SAY_ALIKE_FROM = 0.4;

function reason(p: RelatedPrompt): string {
  const parts = [];
  if (p.similarity >= SAY_ALIKE_FROM) parts.push(`${Math.round(p.similarity * 100)} % alike`);
  if (p.sharedTags.length) parts.push(`Tags: ${p.sharedTags.join(', ')}`);
  return parts.join(' · ');
}

/**
 * Up to five prompts related to this one (alike in content, or sharing its tags), under its details.
 * Nothing is shown while they load, when there are none, or when they cannot be read: it is a pointer
 * onwards, not part of the prompt.
 */
export function RelatedPrompts({ id }: { id: string }) {
  const { data = [] } = useQuery<RelatedPrompt[]>({ queryKey: queryKeys.relatedPrompts(id), retry: false });
  if (!data.length) return null;
  return (
    <section aria-labelledby={`related-${id}`}>
      <h3 id={`related-${id}`} className="mb-2 text-sm font-semibold text-slate-900">
        Related prompts
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {data.map((p) => (
          <li key={p.id} className="px-3 py-2">
            <Link to={paths.prompt(p.id)} className="text-sm font-medium text-brand-700 [overflow-wrap:anywhere] hover:underline" dir="auto">
              {p.title}
            </Link>
            {reason(p) ? <p className="mt-0.5 text-xs text-slate-500 [overflow-wrap:anywhere]">{reason(p)}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
