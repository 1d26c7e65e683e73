CREATE TABLE "trashed_prompts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"trashed_by" uuid,
	"trashed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trashed_prompts" ADD CONSTRAINT "trashed_prompts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trashed_prompts" ADD CONSTRAINT "trashed_prompts_trashed_by_users_id_fk" FOREIGN KEY ("trashed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trashed_prompts_owner_idx" ON "trashed_prompts" USING btree ("owner_id","trashed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trashed_prompts_time_idx" ON "trashed_prompts" USING btree ("trashed_at" DESC NULLS LAST,"id" DESC NULLS LAST);