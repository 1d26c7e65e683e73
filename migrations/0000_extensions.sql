-- Trigram matching for typo-tolerant and prefix search (a trusted extension: no superuser needed).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- array_to_string is only STABLE, so a generated column cannot call it; joining text with a fixed
-- separator does not depend on any setting, so this wrapper is safely IMMUTABLE.
CREATE OR REPLACE FUNCTION immutable_array_to_string(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;
