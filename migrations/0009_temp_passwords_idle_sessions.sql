ALTER TABLE "users" ADD COLUMN "temp_password_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_last_used_at_idx" ON "sessions" USING btree ("last_used_at");--> statement-breakpoint
-- Temporary passwords set before this version are first name + last name, which anyone can guess:
-- they stop working now, and the sign-in page tells those users to ask an administrator for a reset.
UPDATE "users" SET "temp_password_expires_at" = now() WHERE "must_change_password" = 'true';
