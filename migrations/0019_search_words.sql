-- Every word the library holds (titles, tags, AI applications, content, notes), once each, for "Did you
-- mean …?": a search word that matches nothing is compared with these by trigram similarity. Words are
-- only added (a prompt write adds its new words); a word whose last prompt is gone stays until it is
-- offered, when the suggestion is checked against the prompts and skipped.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- GiST, not GIN: only GiST answers "the nearest words" (ORDER BY word <-> …) from the index.
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The words of a prompt as a search splits them (runs of letters and digits, lower case), without
-- numbers and without words too short or too long to be worth suggesting.
CREATE OR REPLACE FUNCTION prompt_search_words(title text, tags text[], ai_models text[], content text, notes text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(title, '') || ' ' || immutable_array_to_string(tags) || ' '
        || immutable_array_to_string(ai_models) || ' ' || coalesce(content, '') || ' ' || coalesce(notes, '')), '[^[:alnum:]]+') w
      WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
  $$;--> statement-breakpoint
-- Adds a written prompt's new words in the same transaction. Sorted, so that two writers adding the same
-- new words take them in the same order (no deadlock); existing words cost one index probe each.
CREATE OR REPLACE FUNCTION prompt_search_words_sync() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    INSERT INTO search_words (word)
      SELECT w FROM prompt_search_words(NEW.title, NEW.tags, NEW.ai_models, NEW.content, NEW.notes) w ORDER BY w
      ON CONFLICT (word) DO NOTHING;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "prompts_search_words_sync"
  AFTER INSERT OR UPDATE OF "title", "tags", "ai_models", "content", "notes" ON "prompts"
  FOR EACH ROW EXECUTE FUNCTION prompt_search_words_sync();--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "prompts", prompt_search_words("title", "tags", "ai_models", "content", "notes") w
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Synonyms an administrator keeps: each row is a group of terms that mean the same to the people
-- searching. A search word equal to one of a group's terms also finds the group's other terms.
CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"terms" text[] NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_synonyms" ("position", "terms") VALUES
  (1, '{soccer,football}'),
  (2, '{lawyer,attorney,legal}'),
  (3, '{doctor,physician,medical}'),
  (4, '{therapist,psychologist,counselor,therapy}'),
  (5, '{tutor,teacher,teach}'),
  (6, '{kids,children,child}'),
  (7, '{car,automobile,vehicle}'),
  (8, '{nutritionist,dietitian,dietician,nutrition}'),
  (9, '{movie,film}'),
  (10, '{song,music,lyrics}'),
  (11, '{workout,fitness,exercise}'),
  (12, '{job,career}'),
  (13, '{resume,cv}'),
  (14, '{email,mail}'),
  (15, '{summarize,summarise,summary}'),
  (16, '{instagram,social media}'),
  (17, '{tiktok,social media}'),
  (18, '{twitter,tweet,social media}'),
  (19, '{flowchart,diagram}'),
  (20, '{chart,graph,visualization}'),
  (21, '{screenplay,screenwriter,script}'),
  (22, '{horoscope,astrology,astrologer,zodiac}'),
  (23, '{toothache,dentist,dental,teeth}'),
  (24, '{meditation,mindfulness,yoga}'),
  (25, '{speech therapy,speech-language pathologist,pathologist}'),
  (26, '{math,mathematics,maths}'),
  (27, '{house,home,real estate}'),
  (28, '{translate,translator,translation}'),
  (29, '{bug,error,debug}'),
  (30, '{ad,advertisement,advertising}'),
  (31, '{recipe,cook,chef,cooking}'),
  (32, '{sales,salesperson,selling}'),
  (33, '{joke,comedy,comedian,funny}'),
  (34, '{poem,poetry,poet}'),
  (35, '{story,storyteller,tale}'),
  (36, '{travel,trip,vacation}'),
  (37, '{money,finance,financial}');
