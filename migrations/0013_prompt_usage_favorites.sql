CREATE TABLE "prompt_favorites" (
	"user_id" uuid NOT NULL,
	"prompt_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_favorites_user_id_prompt_id_pk" PRIMARY KEY("user_id","prompt_id")
);
--> statement-breakpoint
CREATE TABLE "prompt_use_counts" (
	"prompt_id" uuid PRIMARY KEY NOT NULL,
	"use_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_user_uses" (
	"user_id" uuid NOT NULL,
	"prompt_id" uuid NOT NULL,
	"use_count" integer NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"last_kind" text NOT NULL,
	CONSTRAINT "prompt_user_uses_user_id_prompt_id_pk" PRIMARY KEY("user_id","prompt_id")
);
--> statement-breakpoint
ALTER TABLE "prompt_favorites" ADD CONSTRAINT "prompt_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_favorites" ADD CONSTRAINT "prompt_favorites_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_use_counts" ADD CONSTRAINT "prompt_use_counts_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_user_uses" ADD CONSTRAINT "prompt_user_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_user_uses" ADD CONSTRAINT "prompt_user_uses_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_favorites_prompt_idx" ON "prompt_favorites" USING btree ("prompt_id");--> statement-breakpoint
CREATE INDEX "prompt_use_counts_order_idx" ON "prompt_use_counts" USING btree ("use_count" DESC NULLS LAST,"prompt_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prompt_user_uses_recent_idx" ON "prompt_user_uses" USING btree ("user_id","last_used_at" DESC NULLS LAST,"prompt_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prompt_user_uses_prompt_idx" ON "prompt_user_uses" USING btree ("prompt_id");