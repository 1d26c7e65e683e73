-- The filter keys of a prompt, one per business unit, AI application and tag, prefixed by kind so that
-- equal texts of different kinds never match. IMMUTABLE: it reads only its arguments.
CREATE OR REPLACE FUNCTION prompt_facets(unit text, models text[], tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT array['u:' || coalesce(unit, '')]
      || array(SELECT 'm:' || m FROM unnest(models) AS m)
      || array(SELECT 't:' || t FROM unnest(tags) AS t)
  $$;--> statement-breakpoint
DROP INDEX "prompts_tags_gin_idx";--> statement-breakpoint
DROP INDEX "prompts_ai_models_gin_idx";--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "facets" text[] GENERATED ALWAYS AS (prompt_facets(user_business_unit, ai_models, tags)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "prompts_facets_gin_idx" ON "prompts" USING gin ("facets");
