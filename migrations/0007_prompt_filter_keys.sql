CREATE TABLE "prompt_filter_keys" (
	"prompt_id" uuid PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"facets" text[] NOT NULL
);
--> statement-breakpoint
-- Two filter values of different lists held by one prompt, as one key: "um" unit and AI application,
-- "ut" unit and tag, "mt" AI application and tag. The first value's length makes the key unambiguous
-- whatever characters the names hold. Lists build their keys with this same function.
CREATE OR REPLACE FUNCTION prompt_facet_pair(kind text, a text, b text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT kind || ':' || length(a) || ':' || a || b $$;--> statement-breakpoint
-- What prompt_filter_keys holds for a prompt: its facets (migration 0004) and every pair of them from
-- different lists. Combined filters then read the pairs' short posting lists instead of intersecting
-- long ones (decision 008).
CREATE OR REPLACE FUNCTION prompt_filter_facets(unit text, models text[], tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT prompt_facets(unit, models, tags)
      || array(SELECT prompt_facet_pair('um', coalesce(unit, ''), m) FROM unnest(models) AS m)
      || array(SELECT prompt_facet_pair('ut', coalesce(unit, ''), t) FROM unnest(tags) AS t)
      || array(SELECT prompt_facet_pair('mt', m, t) FROM unnest(models) AS m, unnest(tags) AS t)
  $$;--> statement-breakpoint
-- Keeps prompt_filter_keys in step with prompts inside the same transaction, whatever writes a prompt
-- (the API, a unit rename, a bulk import). Deletes follow through the foreign key's cascade.
CREATE OR REPLACE FUNCTION prompt_filter_keys_sync() RETURNS trigger
  LANGUAGE plpgsql AS $$
  DECLARE
    keys text[] := prompt_filter_facets(NEW.user_business_unit, NEW.ai_models, NEW.tags);
  BEGIN
    INSERT INTO prompt_filter_keys (prompt_id, updated_at, facets) VALUES (NEW.id, NEW.updated_at, keys)
      ON CONFLICT (prompt_id) DO UPDATE SET updated_at = EXCLUDED.updated_at, facets = EXCLUDED.facets
      WHERE (prompt_filter_keys.updated_at, prompt_filter_keys.facets) IS DISTINCT FROM (EXCLUDED.updated_at, EXCLUDED.facets);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "prompts_filter_keys_sync" AFTER INSERT OR UPDATE OF "updated_at", "user_business_unit", "ai_models", "tags" ON "prompts"
  FOR EACH ROW EXECUTE FUNCTION prompt_filter_keys_sync();--> statement-breakpoint
-- Filled before its indexes and foreign key exist: building a GIN index once, and checking the key
-- in one pass, are far faster than doing either row by row.
INSERT INTO "prompt_filter_keys" ("prompt_id", "updated_at", "facets")
  SELECT "id", "updated_at", prompt_filter_facets("user_business_unit", "ai_models", "tags") FROM "prompts";--> statement-breakpoint
ALTER TABLE "prompt_filter_keys" ADD CONSTRAINT "prompt_filter_keys_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_filter_keys_updated_idx" ON "prompt_filter_keys" USING btree ("updated_at" DESC NULLS LAST,"prompt_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prompt_filter_keys_facets_gin_idx" ON "prompt_filter_keys" USING gin ("facets");
