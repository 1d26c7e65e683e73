-- Tags keep what their author typed, punctuation and case included (".NET", "C#", "Node.js"); only
-- what a reader cannot see is taken out (src/shared/tag-names.ts, decision 031). This brings the tags
-- stored before that rule to the same form: invisible characters removed, white space runs made one
-- space, ends trimmed, Unicode composed (NFC), a value holding commas or semicolons split into its tags,
-- and tags that become equal ignoring case merged into the spelling stored first.
CREATE FUNCTION "tag_parts_0020"(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(array_agg(t.part ORDER BY t.n), '{}'::text[])
    FROM (
      SELECT normalize(btrim(regexp_replace(regexp_replace(s.raw, '[\u00AD\u180E\u200B\u2060\uFEFF]', '', 'g'),
               '[\u0001-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+', ' ', 'g'), ' '), NFC) AS part, s.n
      FROM regexp_split_to_table(value, '[,;]') WITH ORDINALITY AS s(raw, n)
    ) t
    WHERE t.part <> ''
  $$;--> statement-breakpoint
-- Each tag's spelling: the first stored (oldest catalog row, then its first part) of all that are equal
-- ignoring case.
CREATE TEMP TABLE "tag_spellings_0020" AS
  SELECT DISTINCT ON (lower(p.part)) lower(p.part) AS key, p.part AS name, t.id AS tag_id, t.created_at, p.n
  FROM "tags" t CROSS JOIN LATERAL unnest(tag_parts_0020(t.name)) WITH ORDINALITY AS p(part, n)
  ORDER BY lower(p.part), t.created_at, t.id, p.n;--> statement-breakpoint
-- A catalog row keeps its id under the first spelling it carries; the rows it absorbed go.
CREATE TEMP TABLE "tag_kept_0020" AS
  SELECT DISTINCT ON (tag_id) tag_id, key, name FROM "tag_spellings_0020" ORDER BY tag_id, n;--> statement-breakpoint
DELETE FROM "tags" WHERE "id" NOT IN (SELECT tag_id FROM "tag_kept_0020");--> statement-breakpoint
UPDATE "tags" SET "name" = k.name FROM "tag_kept_0020" k WHERE "tags"."id" = k.tag_id AND "tags"."name" <> k.name;--> statement-breakpoint
-- The further tags of a value that held several ("SQL, .NET").
INSERT INTO "tags" ("name", "created_at")
  SELECT s.name, s.created_at FROM "tag_spellings_0020" s
  WHERE NOT EXISTS (SELECT 1 FROM "tag_kept_0020" k WHERE k.key = s.key)
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A list of tags as the API stores it now: each value split and normalised, blanks dropped, each tag once
-- (the first in the list), in the catalog's spelling.
CREATE FUNCTION "tag_list_0020"(list text[]) RETURNS text[]
  LANGUAGE sql STABLE AS $$
    SELECT coalesce(array_agg(d.name ORDER BY d.i, d.n), '{}'::text[])
    FROM (
      SELECT DISTINCT ON (lower(p.part)) coalesce((SELECT c.name FROM tags c WHERE lower(c.name) = lower(p.part)), p.part) AS name, e.i, p.n
      FROM unnest(list) WITH ORDINALITY AS e(value, i)
      CROSS JOIN LATERAL unnest(tag_parts_0020(e.value)) WITH ORDINALITY AS p(part, n)
      ORDER BY lower(p.part), e.i, p.n
    ) d
  $$;--> statement-breakpoint
-- The filter keys and the list items follow through their triggers; updated_at is left as it was.
UPDATE "prompts" SET "tags" = tag_list_0020("tags") WHERE "tags" IS DISTINCT FROM tag_list_0020("tags");--> statement-breakpoint
UPDATE "prompt_versions" SET "tags" = tag_list_0020("tags") WHERE "tags" IS DISTINCT FROM tag_list_0020("tags");--> statement-breakpoint
-- A trashed prompt comes back as it was snapshotted: its tags and its versions' tags follow the rule too.
CREATE FUNCTION "tag_json_0020"(tags jsonb) RETURNS jsonb
  LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN jsonb_typeof(tags) = 'array' THEN to_jsonb(tag_list_0020(ARRAY(SELECT jsonb_array_elements_text(tags)))) ELSE tags END
  $$;--> statement-breakpoint
CREATE FUNCTION "trash_snapshot_0020"(s jsonb) RETURNS jsonb
  LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN jsonb_typeof(x.s->'versions') = 'array' THEN jsonb_set(x.s, '{versions}', (
             SELECT coalesce(jsonb_agg(CASE WHEN v ? 'tags' THEN jsonb_set(v, '{tags}', tag_json_0020(v->'tags')) ELSE v END ORDER BY i), '[]'::jsonb)
             FROM jsonb_array_elements(x.s->'versions') WITH ORDINALITY AS e(v, i)))
           ELSE x.s END
    FROM (SELECT CASE WHEN jsonb_typeof(s->'prompt') = 'object' AND s->'prompt' ? 'tags'
                      THEN jsonb_set(s, '{prompt,tags}', tag_json_0020(s->'prompt'->'tags')) ELSE s END AS s) x
  $$;--> statement-breakpoint
UPDATE "trashed_prompts" SET "snapshot" = trash_snapshot_0020("snapshot") WHERE "snapshot" IS DISTINCT FROM trash_snapshot_0020("snapshot");--> statement-breakpoint
DROP TABLE "tag_kept_0020";--> statement-breakpoint
DROP TABLE "tag_spellings_0020";--> statement-breakpoint
DROP FUNCTION "trash_snapshot_0020"(jsonb);--> statement-breakpoint
DROP FUNCTION "tag_json_0020"(jsonb);--> statement-breakpoint
DROP FUNCTION "tag_list_0020"(text[]);--> statement-breakpoint
DROP FUNCTION "tag_parts_0020"(text);
