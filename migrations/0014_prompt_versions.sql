CREATE TABLE "prompt_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prompt_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"notes" text,
	"ai_models" text[] NOT NULL,
	"tags" text[] NOT NULL,
	"user_business_unit" text NOT NULL,
	"custom_fields" jsonb NOT NULL,
	"editor_id" uuid,
	"editor_first_name" text NOT NULL,
	"editor_last_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"changed_fields" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_versions_prompt_number_idx" ON "prompt_versions" USING btree ("prompt_id","number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prompt_versions_editor_idx" ON "prompt_versions" USING btree ("editor_id");