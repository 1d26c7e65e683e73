-- Merged prompts: each prompt merged into another (and moved to the trash by the merge) points to the
-- prompt kept, so that its old links still lead somewhere. The row goes with the trashed prompt: when the
-- trash is emptied, or the prompt restored, its old id answers for itself again.
CREATE TABLE "prompt_merges" (
	"merged_id" uuid PRIMARY KEY NOT NULL,
	"kept_id" uuid NOT NULL,
	"merged_by" uuid,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompt_merges" ADD CONSTRAINT "prompt_merges_merged_id_trashed_prompts_id_fk" FOREIGN KEY ("merged_id") REFERENCES "public"."trashed_prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_merges" ADD CONSTRAINT "prompt_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_merges_kept_idx" ON "prompt_merges" USING btree ("kept_id");
