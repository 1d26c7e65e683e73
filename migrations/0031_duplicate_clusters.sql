-- Groups of near-copies across the library, for the people who look after it. Computed in the
-- background by a job that walks the prompts in id order a batch at a time: each batch's pairs of
-- near-copies and the job's cursor are written in one transaction, so the job resumes after a restart
-- where it stopped; once every prompt is walked, the pairs are grouped and the groups replaced at once.
CREATE TABLE "duplicate_cluster_job" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"run_id" uuid,
	"state" text DEFAULT 'idle' NOT NULL,
	"cursor" uuid,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "duplicate_cluster_job_one_row" CHECK ("id" = 1),
	CONSTRAINT "duplicate_cluster_job_state" CHECK ("state" IN ('idle', 'running'))
);
--> statement-breakpoint
INSERT INTO "duplicate_cluster_job" ("id") VALUES (1);--> statement-breakpoint
-- The pairs the running job has found so far (a < b), dropped when its groups are written.
CREATE TABLE "duplicate_pairs" (
	"a" uuid NOT NULL,
	"b" uuid NOT NULL,
	"similarity" real NOT NULL,
	CONSTRAINT "duplicate_pairs_pk" PRIMARY KEY ("a", "b")
);
--> statement-breakpoint
CREATE TABLE "duplicate_clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"size" integer NOT NULL,
	"top_similarity" real NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "duplicate_clusters_order_idx" ON "duplicate_clusters" USING btree ("size" DESC, "top_similarity" DESC, "id");--> statement-breakpoint
CREATE TABLE "duplicate_cluster_members" (
	"cluster_id" uuid NOT NULL,
	"prompt_id" uuid NOT NULL,
	CONSTRAINT "duplicate_cluster_members_pk" PRIMARY KEY ("cluster_id", "prompt_id")
);
--> statement-breakpoint
ALTER TABLE "duplicate_cluster_members" ADD CONSTRAINT "duplicate_cluster_members_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."duplicate_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_cluster_members" ADD CONSTRAINT "duplicate_cluster_members_prompt_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_cluster_members_prompt_idx" ON "duplicate_cluster_members" USING btree ("prompt_id");
