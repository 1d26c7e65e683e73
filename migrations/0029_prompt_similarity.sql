-- Near-copies (decision 039): each prompt's content is summarised by 32 MinHash band keys, kept in a
-- narrow table that a lookup reads through its primary key. Two texts share a band with a probability
-- that rises steeply with their likeness, so a prompt's near-copies are among those sharing several of
-- its bands, found without reading any prompt's text; only those few are then compared in full.
--
-- The keys are computed by the application (96 hash functions per word pair: far too slow in SQL). So
-- that no write is missed whatever makes it (the API, an accepted suggestion, a restore, an import, a
-- unit rename), a trigger drops a prompt's keys when its content changes and queues the prompt in
-- prompt_similarity_pending, which the application empties: before each lookup, and every few seconds.
CREATE TABLE "prompt_similarity_bands" (
	"band" integer NOT NULL,
	"prompt_id" uuid NOT NULL,
	CONSTRAINT "prompt_similarity_bands_pk" PRIMARY KEY ("band", "prompt_id")
);
--> statement-breakpoint
ALTER TABLE "prompt_similarity_bands" ADD CONSTRAINT "prompt_similarity_bands_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_similarity_bands_prompt_idx" ON "prompt_similarity_bands" USING btree ("prompt_id");--> statement-breakpoint
CREATE TABLE "prompt_similarity_pending" (
	"prompt_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompt_similarity_pending" ADD CONSTRAINT "prompt_similarity_pending_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_similarity_pending_queued_idx" ON "prompt_similarity_pending" USING btree ("queued_at");--> statement-breakpoint
-- Its search_path is fixed, as in migration 0007.
CREATE OR REPLACE FUNCTION prompt_similarity_queue() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      IF NEW.content IS NOT DISTINCT FROM OLD.content THEN RETURN NULL; END IF;
      DELETE FROM prompt_similarity_bands WHERE prompt_id = NEW.id;
    END IF;
    INSERT INTO prompt_similarity_pending (prompt_id) VALUES (NEW.id) ON CONFLICT (prompt_id) DO UPDATE SET queued_at = now();
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "prompts_similarity_queue" AFTER INSERT OR UPDATE OF "content" ON "prompts"
  FOR EACH ROW EXECUTE FUNCTION prompt_similarity_queue();--> statement-breakpoint
-- The prompts written before: queued, oldest first, for the application to summarise.
INSERT INTO "prompt_similarity_pending" ("prompt_id", "queued_at") SELECT "id", "created_at" FROM "prompts";
