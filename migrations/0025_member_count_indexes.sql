-- A member's total ("1,000+") counts their visible rows of prompt_filter_keys in two parts
-- (cappedVisibleCount): the organization's, read from this partial index alone, and the rest, whose
-- audience holds one of the member's keys, found through the GIN index on the rows without "o".
CREATE INDEX "prompt_filter_keys_organization_idx" ON "prompt_filter_keys" ("prompt_id") WHERE "audience" @> '{o}'::text[];--> statement-breakpoint
CREATE INDEX "prompt_filter_keys_restricted_audience_gin_idx" ON "prompt_filter_keys" USING gin ("audience") WHERE NOT "audience" @> '{o}'::text[];
