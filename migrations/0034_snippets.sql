-- Snippets: named, versioned pieces of text that prompts (and other snippets) include with
-- `{{> name}}`. Names are unique in any case. Who sees a snippet follows the prompts' rule: the same
-- visibility columns and the same generated `audience` keys (prompt_audience, migration 0022), without
-- co-owners. The owner stays when a member is deleted only through a hand-over (no cascade): prompts of
-- other people may include the snippet.
CREATE TABLE "snippets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"user_id" uuid NOT NULL,
	"visibility" text DEFAULT 'organization' NOT NULL,
	"visible_units" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience" text[] GENERATED ALWAYS AS (prompt_audience(visibility, visible_units, user_id, '{}'::uuid[])) STORED NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "snippets_visibility_check" CHECK ("visibility" IN ('private', 'units', 'organization'))
);--> statement-breakpoint
ALTER TABLE "snippets" ADD CONSTRAINT "snippets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "snippets_name_idx" ON "snippets" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "snippets_audience_idx" ON "snippets" USING gin ("audience");--> statement-breakpoint
CREATE INDEX "snippets_user_id_idx" ON "snippets" USING btree ("user_id");--> statement-breakpoint
-- Every saved state of a snippet, its first included: the page's history.
CREATE TABLE "snippet_versions" (
	"snippet_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "snippet_versions_pk" PRIMARY KEY ("snippet_id", "version")
);--> statement-breakpoint
ALTER TABLE "snippet_versions" ADD CONSTRAINT "snippet_versions_snippet_id_fk" FOREIGN KEY ("snippet_id") REFERENCES "public"."snippets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Which prompts and which snippets include which snippet, kept by the triggers below from the text
-- itself, so that every way a prompt's content is written (a save, an import, a restore, a merge, an
-- accepted suggestion) keeps them right. They answer "used in", guard deletion and drive a rename.
CREATE TABLE "prompt_snippets" (
	"prompt_id" uuid NOT NULL,
	"snippet_id" uuid NOT NULL,
	CONSTRAINT "prompt_snippets_pk" PRIMARY KEY ("prompt_id", "snippet_id")
);--> statement-breakpoint
ALTER TABLE "prompt_snippets" ADD CONSTRAINT "prompt_snippets_prompt_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_snippets" ADD CONSTRAINT "prompt_snippets_snippet_id_fk" FOREIGN KEY ("snippet_id") REFERENCES "public"."snippets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_snippets_snippet_idx" ON "prompt_snippets" USING btree ("snippet_id", "prompt_id");--> statement-breakpoint
CREATE TABLE "snippet_inclusions" (
	"snippet_id" uuid NOT NULL,
	"included_id" uuid NOT NULL,
	CONSTRAINT "snippet_inclusions_pk" PRIMARY KEY ("snippet_id", "included_id")
);--> statement-breakpoint
ALTER TABLE "snippet_inclusions" ADD CONSTRAINT "snippet_inclusions_snippet_id_fk" FOREIGN KEY ("snippet_id") REFERENCES "public"."snippets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snippet_inclusions" ADD CONSTRAINT "snippet_inclusions_included_id_fk" FOREIGN KEY ("included_id") REFERENCES "public"."snippets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "snippet_inclusions_included_idx" ON "snippet_inclusions" USING btree ("included_id", "snippet_id");--> statement-breakpoint
-- The snippets a text names (`{{> name}}`, any case, not after a backslash, which makes it text), as
-- ids of the snippets that exist. The pattern is the one src/shared/snippets.ts expands with: the same
-- six space characters (JavaScript's \s would also take Unicode spaces, PostgreSQL's not).
CREATE FUNCTION "included_snippet_ids"(body text) RETURNS SETOF uuid LANGUAGE sql STABLE SET search_path FROM CURRENT AS $$
  SELECT s."id" FROM "snippets" s
  WHERE lower(s."name") IN (
    SELECT lower(m[1]) FROM regexp_matches(body, '(?<!\\)\{\{>[ \t\n\r\f\v]*([A-Za-z0-9_-]{1,64})[ \t\n\r\f\v]*\}\}', 'g') AS m
  )
$$;--> statement-breakpoint
CREATE FUNCTION "prompt_snippets_sync"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM "prompt_snippets" WHERE "prompt_id" = NEW."id";
  INSERT INTO "prompt_snippets" ("prompt_id", "snippet_id") SELECT NEW."id", i FROM included_snippet_ids(NEW."content") AS i ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only texts that hold `{{>` pay for it: an import of prompts without snippets runs no query more.
CREATE TRIGGER "prompt_snippets_on_insert" AFTER INSERT ON "prompts"
  FOR EACH ROW WHEN (NEW."content" LIKE '%{{>%') EXECUTE FUNCTION "prompt_snippets_sync"();--> statement-breakpoint
CREATE TRIGGER "prompt_snippets_on_update" AFTER UPDATE OF "content" ON "prompts"
  FOR EACH ROW WHEN (NEW."content" LIKE '%{{>%' OR OLD."content" LIKE '%{{>%') EXECUTE FUNCTION "prompt_snippets_sync"();--> statement-breakpoint
CREATE FUNCTION "snippet_inclusions_sync"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM "snippet_inclusions" WHERE "snippet_id" = NEW."id";
  INSERT INTO "snippet_inclusions" ("snippet_id", "included_id") SELECT NEW."id", i FROM included_snippet_ids(NEW."content") AS i ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "snippet_inclusions_on_write" AFTER INSERT OR UPDATE OF "content" ON "snippets"
  FOR EACH ROW EXECUTE FUNCTION "snippet_inclusions_sync"();--> statement-breakpoint
-- A new snippet, or one renamed, whose name some text already uses (one that got in while no snippet
-- had it: an import, a prompt back from the trash) is used by it from now on.
CREATE FUNCTION "snippet_links_by_name"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE pattern text := '(?<!\\)\{\{>[ \t\n\r\f\v]*' || NEW."name" || '[ \t\n\r\f\v]*\}\}';
BEGIN
  INSERT INTO "prompt_snippets" ("prompt_id", "snippet_id")
    SELECT p."id", NEW."id" FROM "prompts" p WHERE p."content" LIKE '%{{>%' AND p."content" ~* pattern ON CONFLICT DO NOTHING;
  INSERT INTO "snippet_inclusions" ("snippet_id", "included_id")
    SELECT s."id", NEW."id" FROM "snippets" s WHERE s."id" <> NEW."id" AND s."content" ~* pattern ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "snippet_links_on_create" AFTER INSERT ON "snippets"
  FOR EACH ROW EXECUTE FUNCTION "snippet_links_by_name"();--> statement-breakpoint
CREATE TRIGGER "snippet_links_on_rename" AFTER UPDATE OF "name" ON "snippets"
  FOR EACH ROW WHEN (lower(OLD."name") IS DISTINCT FROM lower(NEW."name")) EXECUTE FUNCTION "snippet_links_by_name"();
