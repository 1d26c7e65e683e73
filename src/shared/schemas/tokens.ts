import { z } from 'zod';
import { listLimitSchema } from './common';

/** What a personal API token may do. `admin` is for administrators only. */
export const TOKEN_SCOPES = ['prompts:read', 'prompts:write', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  'prompts:read': 'Read prompts',
  'prompts:write': 'Write prompts',
  admin: 'Administration',
};

/** Every token starts with this, so that secret scanners and people can recognise one. */
export const TOKEN_PREFIX = 'apd_';
/** Lifetimes offered; "never" (null) is for administrators only. */
export const TOKEN_LIFETIMES_DAYS = [30, 90, 365] as const;
export const MAX_TOKENS_PER_USER = 50;
export const TOKEN_NAME_MAX = 100;

export const createTokenSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(TOKEN_NAME_MAX, `Name must be at most ${TOKEN_NAME_MAX} characters`),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: 'Scopes must be prompts:read, prompts:write or admin' }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .max(TOKEN_SCOPES.length, 'Each scope may be listed once')
    .refine((s) => new Set(s).size === s.length, 'Each scope may be listed once'),
  /** 30, 90 or 365; null for a token that never expires (administrators only). */
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], { error: 'Expiry must be 30, 90 or 365 days, or null for never' }),
});
export type CreateTokenInput = z.infer<typeof createTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart; never the whole token. */
  prefix: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createdTokenSchema = z.object({
  /** The whole token, shown once: only its hash is kept. */
  token: z.string(),
  apiToken: apiTokenSchema,
});
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export const tokenListSchema = z.object({ items: z.array(apiTokenSchema) });

/** An admin's view: every member's tokens, with their owner. */
export const adminApiTokenSchema = apiTokenSchema.extend({
  owner: z.object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string(), role: z.enum(['read', 'edit', 'admin']) }),
});
export type AdminApiToken = z.infer<typeof adminApiTokenSchema>;

export const adminTokenListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: listLimitSchema,
});

export const adminTokenPageSchema = z.object({
  items: z.array(adminApiTokenSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type AdminTokenPage = z.infer<typeof adminTokenPageSchema>;
