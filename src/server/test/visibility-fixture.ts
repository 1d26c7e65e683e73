import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { effectiveScopes } from '../../shared/policies/tokens';
import type { TokenScope } from '../../shared/schemas/tokens';
import { TOKEN_SCOPES } from '../../shared/schemas/tokens';
import type { Visibility } from '../../shared/visibility';
import { queryRows } from '../db/client';
import { insertToken } from '../modules/tokens/tokens.repo';
import { createTestApp, type TestApp, type TestUser } from './test-app';

// The cast and the three prompts of the visibility matrix, built once per engine and shared by its tests.

export const PROMPT_KEYS = ['private', 'units', 'organization'] as const satisfies readonly Visibility[];
export type PromptKey = (typeof PROMPT_KEYS)[number];

/** What only one prompt holds: a word of its content, its one tag and its one AI application. */
export const UNIQUE: Record<PromptKey, { word: string; tag: string; app: string }> = {
  private: { word: 'quokka', tag: 'zz-private-tag', app: 'ZZ Private AI' },
  units: { word: 'narwhal', tag: 'zz-units-tag', app: 'ZZ Units AI' },
  organization: { word: 'axolotl', tag: 'zz-organization-tag', app: 'ZZ Organization AI' },
};

export const PEOPLE = ['owner', 'coOwner', 'sameUnit', 'otherUnit', 'reader', 'admin'] as const;
export type Person = (typeof PEOPLE)[number];

/**
 * Who sees which prompt, written out rather than computed, so the matrix does not borrow the rule it
 * checks. The co-owner is in HR: they see the Legal prompt as a co-owner, not as a unit member.
 */
export const SEES: Record<Person, Record<PromptKey, boolean>> = {
  owner: { private: true, units: true, organization: true },
  coOwner: { private: true, units: true, organization: true },
  sameUnit: { private: false, units: true, organization: true },
  otherUnit: { private: false, units: false, organization: true },
  reader: { private: false, units: false, organization: true },
  admin: { private: true, units: true, organization: true },
};
/** Who may change it: its owner, its co-owners and admins. */
export const EDITS: Record<Person, boolean> = { owner: true, coOwner: true, sameUnit: false, otherUnit: false, reader: false, admin: true };

export interface Actor {
  name: string;
  person: Person;
  user: TestUser;
  headers: Record<string, string>;
  /** The token's effective scopes; null for a signed-in session. */
  scopes: TokenScope[] | null;
}

export interface Fixture {
  t: TestApp;
  people: Record<Person, TestUser>;
  ids: Record<PromptKey, string>;
  actors: Actor[];
  /** The body a PUT sends to save a prompt unchanged. */
  unchanged: Record<PromptKey, Record<string, unknown>>;
  /** An organization collection of the admin's holding the three prompts. */
  collectionId: string;
}

export const sees = (actor: Actor, key: PromptKey) => SEES[actor.person][key];
/** The prompt keys `actor` sees, in fixture order. */
export const seenKeys = (actor: Actor) => PROMPT_KEYS.filter((key) => sees(actor, key));

export async function buildFixture(): Promise<Fixture> {
  const t = await createTestApp({ apiTokenRateLimit: 100_000 });
  const admin = await t.register({ firstName: 'Ada', lastName: 'Admin', businessUnit: 'HR' });
  const people: Record<Person, TestUser> = {
    owner: await t.userWithRole('edit', { firstName: 'Olga', lastName: 'Owner', businessUnit: 'Legal' }),
    coOwner: await t.userWithRole('edit', { firstName: 'Cora', lastName: 'CoOwner', businessUnit: 'HR' }),
    sameUnit: await t.userWithRole('edit', { firstName: 'Sam', lastName: 'Legal', businessUnit: 'Legal' }),
    otherUnit: await t.userWithRole('edit', { firstName: 'Otto', lastName: 'Hr', businessUnit: 'HR' }),
    reader: await t.userWithRole('read', { firstName: 'Rita', lastName: 'Reader', businessUnit: 'HR' }),
    admin,
  };

  // Every prompt starts open to everyone, and everyone uses and stars it; only then does the owner
  // narrow two of them. Favourites, uses and recently used rows of members who can no longer see a
  // prompt stay in the database: the lists must leave them out.
  const ids = {} as Record<PromptKey, string>;
  const unchanged = {} as Record<PromptKey, Record<string, unknown>>;
  for (const key of PROMPT_KEYS) {
    const { word, tag, app } = UNIQUE[key];
    // The contents share a sentence, so that each prompt's related prompts and near-copies name the others.
    const content = `The ${word} prompt, ${key} visibility. Every prompt of the visibility matrix says the same after its first words.`;
    const data = { title: `Matrix ${key} prompt`, content, aiModels: [app], tags: [tag], notes: null };
    const res = await t.app.inject({ method: 'POST', url: '/api/prompts', headers: people.owner.auth, payload: { ...data, visibility: 'organization' } });
    if (res.statusCode !== 201) throw new Error(`create ${key}: ${res.statusCode} ${res.body}`);
    ids[key] = (res.json() as { id: string }).id;
    unchanged[key] = { ...data, visibility: key, ...(key === 'units' ? { units: ['Legal'] } : {}) };
  }
  for (const person of PEOPLE) {
    for (const key of PROMPT_KEYS) {
      const headers = people[person].auth;
      await expectStatus(t.app.inject({ method: 'PUT', url: `/api/prompts/${ids[key]}/favorite`, headers }), 204);
      await expectStatus(t.app.inject({ method: 'POST', url: `/api/prompts/${ids[key]}/uses`, headers, payload: { kind: 'copy' } }), 204);
    }
  }
  for (const key of PROMPT_KEYS) {
    await expectStatus(t.app.inject({ method: 'PUT', url: `/api/prompts/${ids[key]}`, headers: people.owner.auth, payload: unchanged[key] }), 200);
  }
  for (const key of PROMPT_KEYS) {
    const payload = { ownerId: people.owner.user.id, coOwnerIds: [people.coOwner.user.id] };
    await expectStatus(t.app.inject({ method: 'PUT', url: `/api/prompts/${ids[key]}/owners`, headers: people.owner.auth, payload }), 200);
  }

  const actors: Actor[] = PEOPLE.map((person) => ({ name: person, person, user: people[person], headers: people[person].auth, scopes: null }));
  // A token acts as its user, within its scopes (an `admin` scope means nothing to a member).
  for (const person of ['otherUnit', 'owner'] as const) {
    for (const scope of TOKEN_SCOPES) {
      const { token } = await insertToken(t.db, { userId: people[person].user.id, name: `Matrix ${scope}`, scopes: [scope], expiresInDays: 30 });
      actors.push({
        name: `${person} token ${scope}`,
        person,
        user: people[person],
        headers: { authorization: `Bearer ${token}` },
        scopes: effectiveScopes([scope], people[person].user.role),
      });
    }
  }
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/collections',
    headers: admin.auth,
    payload: { name: 'Matrix collection', visibility: 'organization' },
  });
  if (made.statusCode !== 201) throw new Error(`collection: ${made.statusCode} ${made.body}`);
  const collectionId = (made.json() as { id: string }).id;
  for (const key of PROMPT_KEYS) {
    await expectStatus(
      t.app.inject({ method: 'POST', url: `/api/collections/${collectionId}/items`, headers: admin.auth, payload: { promptId: ids[key] } }),
      201,
    );
  }
  return { t, people, ids, actors, unchanged, collectionId };
}

async function expectStatus(pending: Promise<LightMyRequestResponse>, status: number) {
  const res = await pending;
  if (res.statusCode !== status) throw new Error(`fixture: expected ${status}, got ${res.statusCode} ${res.body}`);
}

/**
 * Everything a prompt write could change, for `ids`: a refused write must leave all of it as it was.
 * The audit log and the trash are compared whole.
 */
export async function promptState(t: TestApp, ids: string[]): Promise<unknown> {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const read = (query: ReturnType<typeof sql>) => queryRows(t.db, query);
  return {
    prompts: await read(
      sql`select id, title, content, tags, ai_models, visibility, visible_units, co_owner_ids, updated_at::text from prompts where id in (${list}) order by id`,
    ),
    versions: await read(sql`select prompt_id, count(*)::int as n from prompt_versions where prompt_id in (${list}) group by prompt_id order by prompt_id`),
    favorites: await read(sql`select prompt_id, user_id, created_at::text from prompt_favorites where prompt_id in (${list}) order by 1, 2`),
    uses: await read(sql`select prompt_id, user_id, last_used_at::text, last_kind from prompt_user_uses where prompt_id in (${list}) order by 1, 2`),
    counts: await read(sql`select * from prompt_use_counts where prompt_id in (${list}) order by 1`),
    trash: await read(sql`select id from trashed_prompts order by id`),
    audit: await read(sql`select count(*)::int as n from audit_events`),
  };
}
