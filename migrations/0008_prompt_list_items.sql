CREATE TABLE "prompt_list_items" (
	"prompt_id" uuid PRIMARY KEY NOT NULL,
	"head" text NOT NULL
);
--> statement-breakpoint
-- A prompt's list item as JSON text, up to its author: what PromptListItem holds before "user" and
-- "canEdit", which depend on the users table and on who asks. Keys are literals; to_json escapes the
-- values; times are ISO 8601 in UTC with milliseconds, as the detail endpoint sends them. It takes the
-- columns it shows rather than the whole row, so that the list's fallback for a missing head never
-- carries (and detoasts) a prompt's content.
CREATE OR REPLACE FUNCTION prompt_list_item_head(
    id uuid, title text, content_preview text, ai_models text[], tags text[], user_id uuid, user_business_unit text,
    created_at timestamptz, updated_at timestamptz) RETURNS text
  LANGUAGE sql STABLE AS $$
    SELECT '{"id":"' || id || '","title":' || to_json(title)::text
      || ',"contentPreview":' || to_json(content_preview)::text
      || ',"aiModels":' || to_json(ai_models)::text || ',"tags":' || to_json(tags)::text
      || ',"userId":"' || user_id || '","userBusinessUnit":' || to_json(user_business_unit)::text
      || ',"createdAt":"' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      || '","updatedAt":"' || to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
  $$;--> statement-breakpoint
-- Keeps prompt_list_items in step with prompts inside the same transaction, whatever writes a prompt.
-- Deletes follow through the foreign key's cascade. Its search_path is fixed, as in migration 0007.
CREATE OR REPLACE FUNCTION prompt_list_items_sync() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    INSERT INTO prompt_list_items (prompt_id, head)
      VALUES (NEW.id, prompt_list_item_head(NEW.id, NEW.title, NEW.content_preview, NEW.ai_models, NEW.tags, NEW.user_id,
                                            NEW.user_business_unit, NEW.created_at, NEW.updated_at))
      ON CONFLICT (prompt_id) DO UPDATE SET head = EXCLUDED.head WHERE prompt_list_items.head IS DISTINCT FROM EXCLUDED.head;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "prompts_list_items_sync"
  AFTER INSERT OR UPDATE OF "title", "content", "ai_models", "tags", "user_id", "user_business_unit", "created_at", "updated_at" ON "prompts"
  FOR EACH ROW EXECUTE FUNCTION prompt_list_items_sync();--> statement-breakpoint
-- Filled before its foreign key exists, which is then checked in one pass.
INSERT INTO "prompt_list_items" ("prompt_id", "head")
  SELECT "id", prompt_list_item_head("id", "title", "content_preview", "ai_models", "tags", "user_id", "user_business_unit", "created_at", "updated_at")
  FROM "prompts";--> statement-breakpoint
ALTER TABLE "prompt_list_items" ADD CONSTRAINT "prompt_list_items_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;
