-- Who may see a prompt: `private` (its owner, its co-owners, admins), `units` (members of the listed
-- business units, by name, as the filters name them), `organization` (every member: every prompt
-- written before this migration).
ALTER TABLE "prompts" ADD COLUMN "visibility" text DEFAULT 'organization' NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_visibility_check" CHECK ("visibility" IN ('private', 'units', 'organization'));--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "visible_units" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "co_owner_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
-- The keys of the people who may see a prompt, matched against a viewer's own keys ("o", "u:<their
-- unit>", "p:<their id>") with one && on every list, count and export: "o" for the organization,
-- else the owner's and co-owners' "p:" keys and, for `units`, one "u:" key per unit.
CREATE OR REPLACE FUNCTION prompt_audience(visibility text, units text[], owner uuid, co_owners uuid[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN visibility = 'organization' THEN array['o']
      ELSE array['p:' || owner::text]
        || array(SELECT 'p:' || c::text FROM unnest(co_owners) AS c)
        || CASE WHEN visibility = 'units' THEN array(SELECT 'u:' || u FROM unnest(units) AS u) ELSE '{}'::text[] END
    END
  $$;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "audience" text[] GENERATED ALWAYS AS (prompt_audience(visibility, visible_units, user_id, co_owner_ids)) STORED NOT NULL;--> statement-breakpoint
-- No index of its own: a member's keys match most prompts (every organization prompt holds "o"), and a
-- scan of them alone decodes that many entries, which the planner underrates: it ANDed 61,000 of them
-- with a search's 1,365 matches (13.8 ms). Inside the search's index it costs nothing of the kind: GIN
-- skips through the long posting lists using the rare word's short one, and a member's search count
-- reads no prompt row to test its keys (12.9 → 5.7 ms for a rare word at 100k prompts).
DROP INDEX "prompts_search_gin_idx";--> statement-breakpoint
CREATE INDEX "prompts_search_gin_idx" ON "prompts" USING gin ("search_vector", "audience");--> statement-breakpoint
-- Filter-only lists read prompt_filter_keys: it carries the audience too, kept by the same trigger.
ALTER TABLE "prompt_filter_keys" ADD COLUMN "audience" text[] DEFAULT '{o}'::text[] NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION prompt_filter_keys_sync() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    INSERT INTO prompt_filter_keys (prompt_id, updated_at, facets, audience) VALUES (NEW.id, NEW.updated_at, NEW.facets, NEW.audience)
      ON CONFLICT (prompt_id) DO UPDATE SET updated_at = EXCLUDED.updated_at, facets = EXCLUDED.facets, audience = EXCLUDED.audience
      WHERE (prompt_filter_keys.updated_at, prompt_filter_keys.facets, prompt_filter_keys.audience)
        IS DISTINCT FROM (EXCLUDED.updated_at, EXCLUDED.facets, EXCLUDED.audience);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
DROP TRIGGER "prompts_filter_keys_sync" ON "prompts";--> statement-breakpoint
CREATE TRIGGER "prompts_filter_keys_sync" AFTER INSERT OR UPDATE OF "updated_at", "user_business_unit", "ai_models", "tags", "visibility", "visible_units", "co_owner_ids", "user_id" ON "prompts"
  FOR EACH ROW EXECUTE FUNCTION prompt_filter_keys_sync();
