CREATE TABLE "download_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"sid" text NOT NULL,
	"user_id" uuid NOT NULL,
	"request" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "download_tickets" ADD CONSTRAINT "download_tickets_sid_sessions_sid_fk" FOREIGN KEY ("sid") REFERENCES "public"."sessions"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_tickets" ADD CONSTRAINT "download_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_tickets_expires_at_idx" ON "download_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "download_tickets_sid_idx" ON "download_tickets" USING btree ("sid");