import { vi } from 'vitest';
import type { Suggestion } from '../../../../shared/schemas/suggestions';

// For the component tests: suggested edits answered as the server answers them (the routes, bodies,
// status codes and field errors of suggestions.routes.ts), every call recorded.

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const PROMPT_ID = '00000000-0000-4000-8000-0000000000a1';

export function suggestion(i: number, over: Partial<Suggestion> = {}): Suggestion {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    promptId: PROMPT_ID,
    status: 'open',
    message: `Message ${i}`,
    author: { id: '00000000-0000-4000-8000-0000000000b1', firstName: 'Rita', lastName: 'Reader' },
    changes: { content: 'Summarise the report in three short bullets.' },
    baseVersion: 2,
    currentVersion: 2,
    current: { title: 'Report summary', content: 'Summarise the report.', notes: null, tags: ['reports'] },
    createdAt: '2026-05-04T12:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    reply: null,
    acceptedVersion: null,
    canDecide: true,
    ...over,
  };
}

export interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * `fetch` over `all`: GET lists (a page of `pageSize`, the cursor being the next index, `status`
 * filtering), POST accept (a new version) and decline (a reply required, as the server's schema says),
 * POST a new suggestion (answered by `onCreate`); any other read answers an empty list.
 */
export function serveSuggestions(
  all: Suggestion[],
  { pageSize = 20, onCreate }: { pageSize?: number; onCreate?: (body: Record<string, unknown>) => Response } = {},
) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const u = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
    sent.push({ method, path: u.pathname, query: Object.fromEntries(u.searchParams), body });
    if (method === 'GET' && (u.pathname === '/api/suggestions' || u.pathname.endsWith('/suggestions'))) {
      const status = u.searchParams.get('status') ?? 'open';
      const matching = all.filter((s) => status === 'all' || s.status === status);
      const from = Number(u.searchParams.get('cursor') || 0);
      const next = from + pageSize < matching.length ? String(from + pageSize) : null;
      return json(200, { items: matching.slice(from, from + pageSize), nextCursor: next });
    }
    const decide = /^\/api\/suggestions\/([^/]+)\/(accept|decline)$/.exec(u.pathname);
    if (method === 'POST' && decide) {
      const s = all.find((x) => x.id === decide[1]);
      if (!s) return json(404, { message: 'Suggestion not found', code: 'suggestion_not_found' });
      if (decide[2] === 'decline' && !String(body?.reply ?? '').trim())
        return json(400, { message: 'Reply is required', code: 'validation_failed', errors: { reply: 'Reply is required' } });
      const by = { id: '00000000-0000-4000-8000-0000000000c1', firstName: 'Olive', lastName: 'Owner' };
      Object.assign(
        s,
        decide[2] === 'accept'
          ? { status: 'accepted', acceptedVersion: s.currentVersion + 1, decidedBy: by, canDecide: false }
          : { status: 'declined', reply: body!.reply, decidedBy: by, canDecide: false },
      );
      return json(200, s);
    }
    if (method === 'POST' && u.pathname === `/api/prompts/${PROMPT_ID}/suggestions`) {
      return onCreate?.(body!) ?? json(201, suggestion(99, { changes: body as Suggestion['changes'], message: String(body!.message) }));
    }
    if (u.pathname === '/api/tags') return json(200, ['reports', 'finance']);
    return json(200, { items: [], nextCursor: null });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}
