-- What the library health lists read. Uses per prompt per day (for the last thirty days' counts and
-- growth) and each prompt's last use (for unused prompts), kept beside the use counts so a use never
-- rewrites the prompt row; when each member last signed in; and which prompts came to their owner from
-- a deleted account.
ALTER TABLE "prompt_use_counts" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
UPDATE "prompt_use_counts" c SET "last_used_at" = u."last_used_at"
  FROM (SELECT "prompt_id", max("last_used_at") AS "last_used_at" FROM "prompt_user_uses" GROUP BY "prompt_id") u
  WHERE u."prompt_id" = c."prompt_id";--> statement-breakpoint
CREATE INDEX "prompt_use_counts_last_used_idx" ON "prompt_use_counts" USING btree ("last_used_at", "prompt_id");--> statement-breakpoint
CREATE TABLE "prompt_use_days" (
	"prompt_id" uuid NOT NULL,
	"day" date NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "prompt_use_days_pk" PRIMARY KEY ("prompt_id", "day")
);
--> statement-breakpoint
ALTER TABLE "prompt_use_days" ADD CONSTRAINT "prompt_use_days_prompt_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_use_days_day_idx" ON "prompt_use_days" USING btree ("day", "prompt_id");--> statement-breakpoint
-- No day-by-day history exists before this: each member's last use of a prompt counts once, on its day
-- (a lower bound of the real uses, so the first month's figures are not all zero).
INSERT INTO "prompt_use_days" ("prompt_id", "day", "uses")
  SELECT "prompt_id", ("last_used_at" AT TIME ZONE 'UTC')::date, count(*)::int FROM "prompt_user_uses"
  WHERE "last_used_at" > now() - interval '60 days' GROUP BY 1, 2;--> statement-breakpoint
-- Library Health's units list counts each unit's prompts and authors down this index alone.
CREATE INDEX "prompts_unit_owner_idx" ON "prompts" USING btree ("user_business_unit", "user_id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" u SET "last_signed_in_at" = coalesce((SELECT max(s."last_used_at") FROM "sessions" s WHERE s."user_id" = u."id"), u."created_at");--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "last_signed_in_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "last_signed_in_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "users_last_signed_in_idx" ON "users" USING btree ("last_signed_in_at", "id");--> statement-breakpoint
CREATE TABLE "prompt_handovers" (
	"prompt_id" uuid PRIMARY KEY NOT NULL,
	"from_name" text NOT NULL,
	"from_email" text NOT NULL,
	"handed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompt_handovers" ADD CONSTRAINT "prompt_handovers_prompt_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_handovers_order_idx" ON "prompt_handovers" USING btree ("handed_at", "prompt_id");--> statement-breakpoint
-- A prompt given to someone else afterwards has a chosen owner again: it is no longer orphaned.
CREATE FUNCTION "prompt_handover_ends"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "prompt_handovers" WHERE "prompt_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "prompt_handover_ends" AFTER UPDATE OF "user_id" ON "prompts"
  FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "prompt_handover_ends"();
