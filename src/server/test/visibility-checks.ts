import type { LightMyRequestResponse } from 'fastify';
import { type Actor, EDITS, type Fixture, PROMPT_KEYS, type PromptKey, promptState, sees, UNIQUE } from './visibility-fixture';

// The cells of the visibility matrix: for each route, what each actor must get for each prompt.

export interface Answer {
  status: number;
  code?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Fail = (message: string) => void;

export const call = (f: Fixture, actor: Actor, method: Method, url: string, payload?: unknown) =>
  f.t.app.inject({ method, url, headers: actor.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

function answerOf(res: LightMyRequestResponse): Answer {
  const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined;
  return code ? { status: res.statusCode, code } : { status: res.statusCode };
}

/** What the route's declaration answers before the prompt is looked at, if anything (the same for every prompt). */
function refusedUpFront(f: Fixture, actor: Actor, method: string, url: string): Answer | null {
  const route = f.t.app.routeAccessTable.find((r) => r.method === method && r.url === url);
  if (!route) throw new Error(`no route ${method} ${url}`);
  if (actor.scopes && (route.tokenScope === null || !actor.scopes.includes(route.tokenScope))) return { status: 403, code: 'insufficient_scope' };
  if (route.access === 'editor' && actor.user.user.role === 'read') return { status: 403, code: 'forbidden' };
  return null;
}

/** A route that names one prompt: found for those who see it (refused if they may not change it), else 404. */
export interface PromptRoute {
  method: Method;
  url: string;
  path: (id: string) => string;
  payload?: (f: Fixture, key: PromptKey) => unknown;
  ok: number;
  needsEdit?: boolean;
  /** Refused (403) to those who may edit the prompt: suggesting an edit is for everyone else. */
  notForEditors?: boolean;
  /** Run only where it is refused (a granted delete would break the fixture: the trash test deletes a copy). */
  refusedOnly?: boolean;
}

export const PROMPT_ROUTES: PromptRoute[] = [
  { method: 'GET', url: '/api/prompts/:id', path: (id) => `/api/prompts/${id}`, ok: 200 },
  { method: 'GET', url: '/api/prompts/:id/versions', path: (id) => `/api/prompts/${id}/versions`, ok: 200 },
  { method: 'GET', url: '/api/prompts/:id/versions/:number', path: (id) => `/api/prompts/${id}/versions/1`, ok: 200 },
  // Saved unchanged: a granted save writes nothing.
  { method: 'PUT', url: '/api/prompts/:id', path: (id) => `/api/prompts/${id}`, payload: (f, key) => f.unchanged[key], ok: 200, needsEdit: true },
  // Version 1 is the prompt's current state: a granted restore writes nothing.
  {
    method: 'POST',
    url: '/api/prompts/:id/versions/:number/restore',
    path: (id) => `/api/prompts/${id}/versions/1/restore`,
    ok: 200,
    needsEdit: true,
  },
  { method: 'DELETE', url: '/api/prompts/:id', path: (id) => `/api/prompts/${id}`, ok: 204, needsEdit: true, refusedOnly: true },
  { method: 'POST', url: '/api/prompts/:id/uses', path: (id) => `/api/prompts/${id}/uses`, payload: () => ({ kind: 'copy' }), ok: 204 },
  { method: 'POST', url: '/api/prompts/:id/render', path: (id) => `/api/prompts/${id}/render`, payload: () => ({ values: {} }), ok: 200 },
  { method: 'DELETE', url: '/api/prompts/:id/favorite', path: (id) => `/api/prompts/${id}/favorite`, ok: 204 },
  { method: 'GET', url: '/api/prompts/:id/owners', path: (id) => `/api/prompts/${id}/owners`, ok: 200 },
  // The owners as they are: a granted save changes nothing.
  {
    method: 'PUT',
    url: '/api/prompts/:id/owners',
    path: (id) => `/api/prompts/${id}/owners`,
    payload: (f) => ({ ownerId: f.people.owner.user.id, coOwnerIds: [f.people.coOwner.user.id] }),
    ok: 200,
    needsEdit: true,
  },
  // After the unstar: everyone who sees a prompt has it starred again.
  { method: 'PUT', url: '/api/prompts/:id/favorite', path: (id) => `/api/prompts/${id}/favorite`, ok: 204 },
  // A vote with a note, its notes read by those who may edit the prompt, then the vote taken back.
  { method: 'PUT', url: '/api/prompts/:id/vote', path: (id) => `/api/prompts/${id}/vote`, payload: () => ({ value: 'up', note: 'Worked' }), ok: 200 },
  { method: 'GET', url: '/api/prompts/:id/feedback', path: (id) => `/api/prompts/${id}/feedback`, ok: 200, needsEdit: true },
  { method: 'DELETE', url: '/api/prompts/:id/vote', path: (id) => `/api/prompts/${id}/vote`, ok: 204 },
  // Published again, as they are: a granted change changes nothing. Nobody curates here, so only those
  // who may edit the prompt may change its status.
  {
    method: 'PUT',
    url: '/api/prompts/:id/status',
    path: (id) => `/api/prompts/${id}/status`,
    payload: () => ({ status: 'published' }),
    ok: 200,
    needsEdit: true,
  },
  {
    method: 'POST',
    url: '/api/prompts/:id/suggestions',
    path: (id) => `/api/prompts/${id}/suggestions`,
    payload: (_f, key) => ({ content: `A suggested body for ${key}`, message: 'Clearer' }),
    ok: 201,
    notForEditors: true,
  },
  { method: 'GET', url: '/api/prompts/:id/suggestions', path: (id) => `/api/prompts/${id}/suggestions`, ok: 200 },
  { method: 'GET', url: '/api/prompts/:id/related', path: (id) => `/api/prompts/${id}/related`, ok: 200 },
];

export function expectedFor(f: Fixture, actor: Actor, route: PromptRoute, key: PromptKey): Answer {
  const upFront = refusedUpFront(f, actor, route.method, route.url);
  if (upFront) return upFront;
  if (!sees(actor, key)) return { status: 404, code: 'prompt_not_found' };
  if (route.needsEdit && !EDITS[actor.person]) return { status: 403, code: 'forbidden' };
  if (route.notForEditors && EDITS[actor.person]) return { status: 403, code: 'forbidden' };
  return { status: route.ok };
}

/**
 * Every prompt route for every actor and prompt: first every refused cell, which must change nothing
 * at all, then every granted one.
 */
export async function checkPromptRoutes(f: Fixture, fail: Fail): Promise<void> {
  const ids = Object.values(f.ids);
  for (const pass of ['refused', 'granted'] as const) {
    const before = pass === 'refused' ? await promptState(f.t, ids) : null;
    for (const route of PROMPT_ROUTES) {
      for (const actor of f.actors) {
        for (const key of PROMPT_KEYS) {
          const want = expectedFor(f, actor, route, key);
          if (want.status >= 400 !== (pass === 'refused') || (pass === 'granted' && route.refusedOnly)) continue;
          const res = await call(f, actor, route.method, route.path(f.ids[key]), route.payload?.(f, key));
          const got = answerOf(res);
          const cell = `${actor.name} ${route.method} ${route.url} [${key}]`;
          if (JSON.stringify(got) !== JSON.stringify(want)) fail(`${cell}: got ${JSON.stringify(got)} ${res.body.slice(0, 120)}, want ${JSON.stringify(want)}`);
          else if (res.statusCode === 200 && route.method === 'GET' && route.url === '/api/prompts/:id' && (res.json() as { id: string }).id !== f.ids[key]) {
            fail(`${cell}: another prompt answered`);
          }
        }
      }
    }
    if (before) {
      const after = await promptState(f.t, ids);
      if (JSON.stringify(after) !== JSON.stringify(before)) fail(`refused writes changed something: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
    }
  }
}

/**
 * A bulk action naming one prompt: someone who cannot see it selects nothing (200, matched 0), a member
 * who sees another's prompt is refused, its owner, co-owner and an admin select it. Adding the tag it already has
 * changes nothing in any case.
 */
export async function checkBulk(f: Fixture, fail: Fail): Promise<void> {
  const ids = Object.values(f.ids);
  const before = await promptState(f.t, ids);
  for (const actor of f.actors) {
    for (const key of PROMPT_KEYS) {
      const upFront = refusedUpFront(f, actor, 'POST', '/api/prompts/bulk');
      const mayAct = actor.person === 'owner' || actor.person === 'coOwner' || actor.person === 'admin';
      const want = upFront ?? (!sees(actor, key) ? { status: 200, matched: 0 } : mayAct ? { status: 200, matched: 1 } : { status: 403, code: 'forbidden' });
      for (const selection of [{ ids: [f.ids[key]] }, { filter: { tags: [UNIQUE[key].tag] } }]) {
        // A member's filter selects only the prompts they own or co-own: nobody else's.
        const wanted = 'filter' in selection && !upFront && !mayAct ? { status: 200, matched: 0 } : want;
        const res = await call(f, actor, 'POST', '/api/prompts/bulk', { ...selection, action: 'addTag', value: UNIQUE[key].tag });
        const json = res.json() as { code?: string; matched?: number; changed?: number };
        const got = res.statusCode === 200 ? { status: 200, matched: json.matched } : answerOf(res);
        if (JSON.stringify(got) !== JSON.stringify(wanted))
          fail(`${actor.name} bulk ${JSON.stringify(selection)} [${key}]: got ${JSON.stringify(got)}, want ${JSON.stringify(wanted)}`);
        if (res.statusCode === 200 && json.changed !== 0) fail(`${actor.name} bulk [${key}] changed ${json.changed}`);
      }
    }
  }
  const after = await promptState(f.t, ids);
  if (JSON.stringify(after) !== JSON.stringify(before)) fail('bulk actions changed something');
}

/**
 * Adding a prompt to one's own collection: a prompt one cannot see is 404 (as one that does not exist),
 * one one sees is added. Each editor adds to a collection of their own, made here and deleted after.
 */
export async function checkCollectionItems(f: Fixture, fail: Fail): Promise<void> {
  for (const actor of f.actors.filter((a) => a.scopes === null && a.user.user.role !== 'read')) {
    const made = await call(f, actor, 'POST', '/api/collections', { name: `Items of ${actor.name}`, visibility: 'private' });
    if (made.statusCode !== 201) {
      fail(`${actor.name} POST /api/collections: ${made.statusCode} ${made.body.slice(0, 120)}`);
      continue;
    }
    const id = (made.json() as { id: string }).id;
    for (const key of PROMPT_KEYS) {
      const res = await call(f, actor, 'POST', `/api/collections/${id}/items`, { promptId: f.ids[key] });
      const want: Answer = sees(actor, key) ? { status: 201 } : { status: 404, code: 'prompt_not_found' };
      const got = answerOf(res);
      if (JSON.stringify(got) !== JSON.stringify(want))
        fail(`${actor.name} POST /api/collections/:id/items [${key}]: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    }
    await call(f, actor, 'DELETE', `/api/collections/${id}`);
  }
}
