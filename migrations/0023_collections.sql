-- Collections: named, ordered sets of prompts with an owner, co-owners and the same three visibilities
-- as prompts. Their `audience` is built by prompt_audience (migration 0022) from the same columns, so a
-- viewer's keys ("o", "u:<unit>", "p:<id>") decide who sees a collection exactly as they do a prompt.
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"user_id" uuid NOT NULL,
	"co_owner_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"visibility" text DEFAULT 'organization' NOT NULL,
	"visible_units" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience" text[] GENERATED ALWAYS AS (prompt_audience(visibility, visible_units, user_id, co_owner_ids)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_visibility_check" CHECK ("visibility" IN ('private', 'units', 'organization'))
);--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One name per owner, in any case: the 409 of a duplicate, and the owner's collections.
CREATE UNIQUE INDEX "collections_owner_name_idx" ON "collections" USING btree ("user_id", lower("name"));--> statement-breakpoint
-- A deleted member's co-ownerships are removed: found through this index, not by reading every collection.
CREATE INDEX "collections_co_owner_ids_idx" ON "collections" USING gin ("co_owner_ids");--> statement-breakpoint
-- A unit renamed or deleted rewrites the collections shared with it (as for prompts, through the audience).
CREATE INDEX "collections_audience_idx" ON "collections" USING gin ("audience");--> statement-breakpoint
-- Membership: a prompt in a collection at a position. Positions need not be contiguous nor unique (a
-- removed item leaves a gap, a prompt restored from the trash takes its old place back): the order is
-- (position, prompt_id), which a keyset cursor walks through collection_items_order_idx.
CREATE TABLE "collection_items" (
	"collection_id" uuid NOT NULL,
	"prompt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_collection_id_prompt_id_pk" PRIMARY KEY("collection_id","prompt_id")
);--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_items_order_idx" ON "collection_items" USING btree ("collection_id","position","prompt_id");--> statement-breakpoint
-- Deleting (or trashing) a prompt removes its rows here; without this index each delete would read the whole table.
CREATE INDEX "collection_items_prompt_idx" ON "collection_items" USING btree ("prompt_id");--> statement-breakpoint
-- Each member's starred collections, listed first.
CREATE TABLE "collection_stars" (
	"user_id" uuid NOT NULL,
	"collection_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_stars_user_id_collection_id_pk" PRIMARY KEY("user_id","collection_id")
);--> statement-breakpoint
ALTER TABLE "collection_stars" ADD CONSTRAINT "collection_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_stars" ADD CONSTRAINT "collection_stars_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_stars_collection_idx" ON "collection_stars" USING btree ("collection_id");
