-- Feedback on prompts: one vote per member and prompt ("up": worked well, "down": didn't work), with
-- an optional note for the people who maintain the prompt.
CREATE TABLE "prompt_votes" (
	"prompt_id" uuid NOT NULL REFERENCES "prompts"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"value" text NOT NULL CHECK ("value" IN ('up', 'down')),
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("prompt_id", "user_id")
);--> statement-breakpoint
-- Deleting a member removes their votes; without this index each delete would read the whole table.
CREATE INDEX "prompt_votes_user_idx" ON "prompt_votes" ("user_id");--> statement-breakpoint
-- The notes a prompt's maintainers read, newest first.
CREATE INDEX "prompt_votes_notes_idx" ON "prompt_votes" ("prompt_id", "updated_at" DESC) WHERE "note" IS NOT NULL;--> statement-breakpoint
-- The lower bound of the 95 % Wilson score interval of the share of "up" votes: a prompt with 9 of 10
-- up ranks above one with 1 of 1, where the raw ratio would put the single vote first. Without an "up"
-- it is exactly 0 (the formula's rounding could leave a trace above or below), as for no votes at all.
CREATE FUNCTION "prompt_vote_score"(up integer, down integer) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN up = 0 THEN 0::double precision ELSE
		((up::double precision / (up + down)) + 1.96 * 1.96 / (2 * (up + down))
			- 1.96 * sqrt(((up::double precision / (up + down)) * (down::double precision / (up + down)) + 1.96 * 1.96 / (4 * (up + down))) / (up + down)))
		/ (1 + 1.96 * 1.96 / (up + down)) END
$$;--> statement-breakpoint
-- Each voted prompt's counts and score, kept by the trigger below: lists show the counts without counting,
-- and "Top rated" walks the score's index (prompts with a score of 0 come after, as unvoted ones do).
CREATE TABLE "prompt_vote_counts" (
	"prompt_id" uuid PRIMARY KEY NOT NULL REFERENCES "prompts"("id") ON DELETE CASCADE,
	"up" integer DEFAULT 0 NOT NULL,
	"down" integer DEFAULT 0 NOT NULL,
	"score" double precision DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "prompt_vote_counts_order_idx" ON "prompt_vote_counts" USING btree ("score" DESC NULLS LAST, "prompt_id" DESC NULLS LAST) WHERE "score" > 0;;--> statement-breakpoint
-- Every change to the votes moves the counts: a vote, a changed or taken-back vote, a member deleted
-- (their votes go by cascade), a prompt restored from the trash with its votes. Each row's change is an
-- increment under the counts row's lock, so concurrent votes never lose one. A vote deleted because its
-- prompt is being deleted only updates (the counts row goes with the prompt), never inserts.
CREATE FUNCTION "prompt_votes_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d_up integer := 0;
	d_down integer := 0;
	target uuid;
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		target := OLD.prompt_id;
		IF OLD.value = 'up' THEN d_up := d_up - 1; ELSE d_down := d_down - 1; END IF;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		target := NEW.prompt_id;
		IF NEW.value = 'up' THEN d_up := d_up + 1; ELSE d_down := d_down + 1; END IF;
	END IF;
	IF d_up = 0 AND d_down = 0 THEN RETURN NULL; END IF;
	IF TG_OP = 'DELETE' THEN
		UPDATE prompt_vote_counts SET up = up + d_up, down = down + d_down, score = prompt_vote_score(up + d_up, down + d_down)
			WHERE prompt_id = target;
	ELSE
		INSERT INTO prompt_vote_counts AS c (prompt_id, up, down, score)
			VALUES (target, greatest(d_up, 0), greatest(d_down, 0), prompt_vote_score(greatest(d_up, 0), greatest(d_down, 0)))
			ON CONFLICT (prompt_id) DO UPDATE SET up = c.up + d_up, down = c.down + d_down, score = prompt_vote_score(c.up + d_up, c.down + d_down);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "prompt_votes_count" AFTER INSERT OR UPDATE OF "value" OR DELETE ON "prompt_votes"
	FOR EACH ROW EXECUTE FUNCTION "prompt_votes_count"();
