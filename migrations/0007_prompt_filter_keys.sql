CREATE TABLE "prompt_filter_keys" (
	"prompt_id" uuid PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"facets" text[] NOT NULL
);
--> statement-breakpoint
-- Two filter values of different lists held by one prompt, as one key: "um" unit and AI application,
-- "ut" unit and tag, "mt" AI application and tag. The first value's length makes the key unambiguous
-- whatever characters the names hold. Lists build their keys with it; prompt_facet_pairs writes the same.
CREATE OR REPLACE FUNCTION prompt_facet_pair(kind text, a text, b text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT kind || ':' || length(a) || ':' || a || b $$;--> statement-breakpoint
-- Every pair of a prompt's facets (migration 0004: "u:…", "m:…", "t:…") from different lists, in
-- prompt_facet_pair's format (written out here: index builds and ANALYZE run index expressions with a
-- restricted search_path on PostgreSQL 17+, which PGlite is, where our own functions are not found).
-- Only a GIN index stores them, so the table's rows stay narrow. Combined filters then read the pairs'
-- short posting lists instead of intersecting long ones (decision 008). Loops rather than a query:
-- building the index over 100k prompts in PGlite took 8.2 s with a query, 3.8 s with loops. A high
-- COST keeps the planner from evaluating it row by row (a filter on a scan) rather than through its index.
CREATE OR REPLACE FUNCTION prompt_facet_pairs(facets text[]) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 10000 AS $$
  DECLARE
    a text;
    b text;
    pairs text[] := '{}';
  BEGIN
    FOREACH a IN ARRAY facets LOOP
      FOREACH b IN ARRAY facets LOOP
        IF (left(a, 1) = 'u' AND left(b, 1) IN ('m', 't')) OR (left(a, 1) = 'm' AND left(b, 1) = 't') THEN
          pairs := pairs || (left(a, 1) || left(b, 1) || ':' || length(substr(a, 3)) || ':' || substr(a, 3) || substr(b, 3));
        END IF;
      END LOOP;
    END LOOP;
    RETURN pairs;
  END
  $$;--> statement-breakpoint
-- Keeps prompt_filter_keys in step with prompts inside the same transaction, whatever writes a prompt
-- (the API, a unit rename, a bulk import). Deletes follow through the foreign key's cascade. Its
-- search_path is fixed so that writes made with another one (a data-only pg_restore sets it empty)
-- still find the table.
CREATE OR REPLACE FUNCTION prompt_filter_keys_sync() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
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
