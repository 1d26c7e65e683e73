-- Suggested edits: a member who cannot edit a prompt proposes changed fields with a message; the
-- prompt's owner, co-owners or curators accept (a new version credited to the suggester) or decline.
CREATE TABLE "prompt_suggestions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "prompt_id" uuid NOT NULL REFERENCES "prompts"("id") ON DELETE CASCADE,
  "author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  -- Which of title, content, notes and tags it changes; the others are null and mean "as it is".
  "fields" text[] NOT NULL,
  "title" text,
  "content" text,
  "notes" text,
  "tags" text[],
  "message" text NOT NULL,
  "base_version" integer NOT NULL,
  "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'accepted', 'declined')),
  "decided_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "decided_at" timestamp with time zone,
  "reply" text,
  "accepted_version" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "prompt_suggestions_prompt_idx" ON "prompt_suggestions" ("prompt_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "prompt_suggestions_open_idx" ON "prompt_suggestions" ("created_at" DESC, "id" DESC) WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "prompt_suggestions_author_idx" ON "prompt_suggestions" ("author_id", "prompt_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "prompt_suggestions_decided_by_idx" ON "prompt_suggestions" ("decided_by");--> statement-breakpoint
-- The suggester an accepted suggestion's version credits ({ id, firstName, lastName }, as of then).
ALTER TABLE "prompt_versions" ADD COLUMN "suggested_by" jsonb;--> statement-breakpoint
-- The inbox. prompt_id has no foreign key: a trashed and restored prompt keeps its id, and the title is
-- looked up (and shown only if the member may still see the prompt) when the inbox is read.
CREATE TABLE "inbox_items" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "type" text NOT NULL CHECK ("type" IN ('suggestion_received', 'suggestion_accepted', 'suggestion_declined', 'feedback_note',
    'prompt_verified', 'prompt_deprecated', 'review_due', 'favorite_changed', 'co_owner_added', 'curator_assigned')),
  "prompt_id" uuid,
  "suggestion_id" uuid REFERENCES "prompt_suggestions"("id") ON DELETE SET NULL,
  "actor_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "detail" text,
  -- Whole milliseconds, as the page cursor carries them.
  "created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
  "read_at" timestamp with time zone,
  -- Set when the recipient asked for an email per item; cleared by the instance that sends it.
  "email_pending" boolean DEFAULT false NOT NULL
);--> statement-breakpoint
CREATE INDEX "inbox_items_user_idx" ON "inbox_items" ("user_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "inbox_items_unread_idx" ON "inbox_items" ("user_id") WHERE "read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "inbox_items_email_idx" ON "inbox_items" ("created_at") WHERE "email_pending";--> statement-breakpoint
CREATE INDEX "inbox_items_actor_idx" ON "inbox_items" ("actor_id");--> statement-breakpoint
CREATE INDEX "inbox_items_suggestion_idx" ON "inbox_items" ("suggestion_id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inbox_email" text DEFAULT 'off' NOT NULL CHECK ("inbox_email" IN ('off', 'each', 'daily'));--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inbox_digest_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_inbox_digest_idx" ON "users" ("inbox_digest_at") WHERE "inbox_email" = 'daily';--> statement-breakpoint
-- The review date whose "review due" items were sent: a verified prompt past its date and not yet
-- noticed is found through the partial index, whatever the number of prompts noticed before.
ALTER TABLE "prompts" ADD COLUMN "review_notice_for" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "prompts_review_notice_idx" ON "prompts" ("review_by") WHERE "status" = 'verified' AND "review_notice_for" IS DISTINCT FROM "review_by";
