-- Test runs on the organization's model: how many each member has sent to the gateway on each UTC day,
-- claimed in one statement before a run is sent, so that the daily limit holds across every instance.
CREATE TABLE "ai_run_counts" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"runs" integer NOT NULL,
	CONSTRAINT "ai_run_counts_pk" PRIMARY KEY ("user_id", "day")
);--> statement-breakpoint
ALTER TABLE "ai_run_counts" ADD CONSTRAINT "ai_run_counts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
