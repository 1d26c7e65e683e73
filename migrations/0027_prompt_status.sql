-- Where a prompt stands in its life: `draft` (its owner and co-owners work on it; nobody else lists it),
-- `published` (every prompt written before this migration), `verified` (a curator vouched for it, until
-- `review_by`) or `deprecated` (kept for those who use it, out of the default lists, maybe with a
-- replacement).
ALTER TABLE "prompts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_status_check" CHECK ("status" IN ('draft', 'published', 'verified', 'deprecated'));--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "replacement_id" uuid REFERENCES "prompts"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "verified_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "review_by" timestamp with time zone;--> statement-breakpoint
-- A curator's queue: the verified prompts by the date their verification runs out.
CREATE INDEX "prompts_review_idx" ON "prompts" ("review_by", "id") WHERE "status" = 'verified';--> statement-breakpoint
-- Prompts that name a replacement: found when that replacement is published again or deleted.
CREATE INDEX "prompts_replacement_idx" ON "prompts" ("replacement_id") WHERE "replacement_id" IS NOT NULL;--> statement-breakpoint
-- The business units whose prompts a member curates (verifies, deprecates), by name like visible_units.
ALTER TABLE "users" ADD COLUMN "curator_units" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The audience keys with the status folded in, so that every list, count and search that matches a
-- viewer's keys leaves drafts and deprecated prompts out without a condition of its own:
--   published, verified: the keys of prompt_audience(visibility, …) as before ("o", "u:…", "p:…");
--   draft: "d", then "dp:<id>" for the owner and each co-owner (a draft is private, whatever its
--     visibility): no list asks for these, only the test of who may open a prompt; and the keys of
--     the visibility it will have, prefixed with "d" ("do", "du:…"), which no viewer holds but which
--     find it when a unit is renamed;
--   deprecated: "x", then each key of its visibility prefixed with "x" ("xo", "xu:…", "xp:…"), which a
--     viewer's keys hold only when the list asks for deprecated prompts.
-- "d" and "x" mark the two for admins, who hold no keys and whose lists leave out what holds them.
-- Its search_path is fixed: it calls the four-argument prompt_audience, which writes made with an empty
-- search_path (a data-only pg_restore) would not find otherwise.
CREATE FUNCTION prompt_audience(visibility text, units text[], owner uuid, co_owners uuid[], status text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
    SELECT CASE status
      WHEN 'draft' THEN array['d'] || array(SELECT DISTINCT 'd' || k FROM unnest(prompt_audience('private', units, owner, co_owners) || prompt_audience(visibility, units, owner, co_owners)) AS k)
      WHEN 'deprecated' THEN array['x'] || array(SELECT 'x' || k FROM unnest(prompt_audience(visibility, units, owner, co_owners)) AS k)
      ELSE prompt_audience(visibility, units, owner, co_owners)
    END
  $$;--> statement-breakpoint
-- A generated column's expression cannot be changed in place (before PostgreSQL 17): the column is made
-- again, which rewrites the table once, and its search index with it.
DROP INDEX "prompts_search_gin_idx";--> statement-breakpoint
ALTER TABLE "prompts" DROP COLUMN "audience";--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "audience" text[] GENERATED ALWAYS AS (prompt_audience(visibility, visible_units, user_id, co_owner_ids, status)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "prompts_search_gin_idx" ON "prompts" USING gin ("search_vector", "audience");--> statement-breakpoint
-- prompt_filter_keys carries the audience: a status change rewrites it like a visibility change.
DROP TRIGGER "prompts_filter_keys_sync" ON "prompts";--> statement-breakpoint
CREATE TRIGGER "prompts_filter_keys_sync" AFTER INSERT OR UPDATE OF "updated_at", "user_business_unit", "ai_models", "tags", "visibility", "visible_units", "co_owner_ids", "user_id", "status" ON "prompts"
  FOR EACH ROW EXECUTE FUNCTION prompt_filter_keys_sync();
--> statement-breakpoint
-- "Verified only", newest first: a walk of the verified prompts alone (a tenth of a library, say), where
-- the date index would read ten rows for each one it keeps.
CREATE INDEX "prompts_verified_updated_idx" ON "prompts" ("updated_at" DESC, "id" DESC) WHERE "status" = 'verified';
--> statement-breakpoint
-- An admin's total of everyone's list (published and verified prompts): an index-only count, as it was
-- before drafts and deprecated prompts had to be left out.
CREATE INDEX "prompt_filter_keys_listed_idx" ON "prompt_filter_keys" ("prompt_id") WHERE NOT "audience" && '{d,x}'::text[];
