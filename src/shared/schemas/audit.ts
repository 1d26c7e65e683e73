import { z } from 'zod';
import { listLimitSchema } from './common';

/** Every action the audit log records, grouped by what it acts on. */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.sign_up',
  'auth.password_changed',
  'auth.reset_requested',
  'auth.reset_completed',
  'user.created',
  'user.updated',
  'user.password_reset',
  'user.deleted',
  'user.curator_units_changed',
  'business_unit.created',
  'business_unit.renamed',
  'business_unit.deleted',
  'form_field.created',
  'form_field.updated',
  'form_field.deleted',
  'form_field.reordered',
  'ai_application.created',
  'ai_application.updated',
  'ai_application.merged',
  'ai_application.deleted',
  'data.exported',
  'data.imported',
  'backup.created',
  'prompt.created',
  'prompt.updated',
  'prompt.visibility_changed',
  'prompt.owners_changed',
  'prompt.status_changed',
  'suggestion.accepted',
  'suggestion.declined',
  'prompt.trashed',
  'prompt.merged',
  'prompt.restored',
  'prompt.deleted',
  'prompt.run',
  'collection.created',
  'collection.updated',
  'collection.owners_changed',
  'collection.deleted',
  'snippet.created',
  'snippet.updated',
  'snippet.deleted',
  'tag.renamed',
  'tag.merged',
  'tag.deleted',
  'token.created',
  'token.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'user',
  'business_unit',
  'form_field',
  'ai_application',
  'export',
  'import',
  'backup',
  'prompt',
  'collection',
  'snippet',
  'tag',
  'api_token',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Words for the screen's filters and rows. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.sign_out': 'Signed out',
  'auth.sign_up': 'Signed up',
  'auth.password_changed': 'Password changed',
  'auth.reset_requested': 'Password reset requested',
  'auth.reset_completed': 'Password reset completed',
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.password_reset': 'User password reset',
  'user.deleted': 'User deleted',
  'user.curator_units_changed': 'Curator units changed',
  'business_unit.created': 'Business unit created',
  'business_unit.renamed': 'Business unit renamed',
  'business_unit.deleted': 'Business unit deleted',
  'form_field.created': 'Form field created',
  'form_field.updated': 'Form field updated',
  'form_field.deleted': 'Form field deleted',
  'form_field.reordered': 'Form fields reordered',
  'ai_application.created': 'AI application added',
  'ai_application.updated': 'AI application changed',
  'ai_application.merged': 'AI applications merged',
  'ai_application.deleted': 'AI application deleted',
  'data.exported': 'Data exported',
  'data.imported': 'Data imported',
  'backup.created': 'Backup made',
  'prompt.created': 'Prompt created',
  'prompt.updated': 'Prompt updated',
  'prompt.visibility_changed': 'Prompt visibility changed',
  'prompt.owners_changed': 'Prompt owners changed',
  'prompt.status_changed': 'Prompt status changed',
  'suggestion.accepted': 'Suggested edit accepted',
  'suggestion.declined': 'Suggested edit declined',
  'prompt.trashed': 'Prompt moved to trash',
  'prompt.merged': 'Prompts merged',
  'prompt.restored': 'Prompt restored from trash',
  'prompt.deleted': 'Prompt deleted for good',
  'prompt.run': 'Prompt test run',
  'collection.created': 'Collection created',
  'collection.updated': 'Collection updated',
  'collection.owners_changed': 'Collection owners changed',
  'collection.deleted': 'Collection deleted',
  'snippet.created': 'Snippet created',
  'snippet.updated': 'Snippet updated',
  'snippet.deleted': 'Snippet deleted',
  'tag.renamed': 'Tag renamed',
  'tag.merged': 'Tags merged',
  'tag.deleted': 'Tag deleted',
  'token.created': 'API token created',
  'token.revoked': 'API token revoked',
};

export const AUDIT_TARGET_LABELS: Record<AuditTargetType, string> = {
  user: 'User',
  business_unit: 'Business unit',
  form_field: 'Form field',
  ai_application: 'AI application',
  export: 'Export',
  import: 'Import',
  backup: 'Backup',
  prompt: 'Prompt',
  collection: 'Collection',
  snippet: 'Snippet',
  tag: 'Tag',
  api_token: 'API token',
};

const jsonObject = z.record(z.string(), z.unknown());

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  /**
   * Who acted, as they were then; no id for a failed sign-in to an unknown address, no email for the
   * system. `name` is the account's current name, null once the account is gone or has none.
   */
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable(), name: z.string().nullable() }),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES).nullable(),
  targetId: z.string().nullable(),
  summary: z.string(),
  before: jsonObject.nullable(),
  after: jsonObject.nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEventSchema),
  /** Counted up to AUDIT_COUNT_CAP; above it `totalIsLowerBound` is true. */
  total: z.number(),
  totalIsLowerBound: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const AUDIT_COUNT_CAP = 10_000;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((v) => {
    const time = Date.parse(`${v}T00:00:00Z`);
    // JavaScript rolls 2026-02-31 over to March: a real day reads back the same.
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
  }, 'Not a real date');

/** The filters of the audit screen, its CSV export and `GET /api/admin/audit`. */
export const auditFiltersSchema = z
  .object({
    /** An email address (or the start of one), or an account id. */
    actor: z.string().trim().max(254, 'Actor must be at most 254 characters').optional(),
    action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
    targetType: z.enum(AUDIT_TARGET_TYPES, { error: 'Unknown target type' }).optional(),
    /** First day included (UTC). */
    from: day.optional(),
    /** Last day included (UTC). */
    to: day.optional(),
    /** Leaves out the routine successful sign-ins and sign-outs; failed sign-ins stay. */
    hideSignIns: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: 'hideSignIns must be true or false' }).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'From must not be after To', path: ['to'] });
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** The actions "hide sign-ins" leaves out. */
export const ROUTINE_SIGN_IN_ACTIONS: readonly AuditAction[] = ['auth.sign_in', 'auth.sign_out'];

export const auditQuerySchema = z.intersection(
  auditFiltersSchema,
  z.object({
    limit: listLimitSchema,
    cursor: z.string().max(200, 'Invalid cursor').optional(),
  }),
);
