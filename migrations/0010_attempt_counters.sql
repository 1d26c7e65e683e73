-- Attempt counters of the sign-in, password and reset limits, shared by every instance on one
-- PostgreSQL database. UNLOGGED: counters of a one-minute window need no crash safety, and skipping
-- the write-ahead log keeps each attempt's upsert cheap. Not part of the Drizzle schema: only
-- src/server/plugins/rate-limit.ts reads and writes it, with plain SQL.
CREATE UNLOGGED TABLE IF NOT EXISTS "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "attempt_counters_reset_at_idx" ON "attempt_counters" ("reset_at");
