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
-- Every pair of a prompt's facets (migration 0004: "u:…", "m:…", "t:…") from different lists. Only a
-- GIN index stores them, so the table's rows stay narrow. Combined filters then read the pairs' short
-- posting lists instead of intersecting long ones (decision 008). plpgsql with a high COST so that the
-- planner never evaluates it row by row (a filter on a scan) rather than through its index. Its
-- search_path is fixed because ANALYZE and index builds run it with a restricted one (PostgreSQL 17+,
-- which PGlite is), where prompt_facet_pair would not be found.
CREATE OR REPLACE FUNCTION prompt_facet_pairs(facets text[]) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 10000 SET search_path FROM CURRENT AS $$
  BEGIN
    RETURN array(
      SELECT prompt_facet_pair(left(a, 1) || left(b, 1), substr(a, 3), substr(b, 3))
      FROM unnest(facets) AS a, unnest(facets) AS b
      WHERE (left(a, 1), left(b, 1)) IN (('u', 'm'), ('u', 't'), ('m', 't')));
  END
  $$;--> statement-breakpoint
-- Keeps prompt_filter_keys in step with prompts inside the same transaction, whatever writes a prompt
-- (the API, a unit rename, a bulk import). Deletes follow through the foreign key's cascade.
CREATE OR REPLACE FUNCTION prompt_filter_keys_sync() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO prompt_filter_keys (prompt_id, updated_at, facets) VALUES (NEW.id, NEW.updated_at, NEW.facets)
      ON CONFLICT (prompt_id) DO UPDATE SET updated_at = EXCLUDED.updated_at, facets = EXCLUDED.facets
      WHERE (prompt_filter_keys.updated_at, prompt_filter_keys.facets) IS DISTINCT FROM (EXCLUDED.updated_at, EXCLUDED.facets);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "prompts_filter_keys_sync" AFTER INSERT OR UPDATE OF "updated_at", "user_business_unit", "ai_models", "tags" ON "prompts"
  FOR EACH ROW EXECUTE FUNCTION prompt_filter_keys_sync();--> statement-breakpoint
-- Filled before its indexes and foreign key exist: building a GIN index once, and checking the key
-- in one pass, are far faster than doing either row by row.
INSERT INTO "prompt_filter_keys" ("prompt_id", "updated_at", "facets") SELECT "id", "updated_at", "facets" FROM "prompts";--> statement-breakpoint
ALTER TABLE "prompt_filter_keys" ADD CONSTRAINT "prompt_filter_keys_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_filter_keys_updated_idx" ON "prompt_filter_keys" USING btree ("updated_at" DESC NULLS LAST,"prompt_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prompt_filter_keys_facets_gin_idx" ON "prompt_filter_keys" USING gin ("facets");--> statement-breakpoint
CREATE INDEX "prompt_filter_keys_pairs_gin_idx" ON "prompt_filter_keys" USING gin (prompt_facet_pairs("facets"));
