-- A member's own prompts are those they own (prompts_user_id… indexes) or co-own: My Prompts, the
-- sidebar counts of one's own prompts and "own or co-own" tests read co-owners through this index
-- (most prompts have none, so it stays small).
CREATE INDEX "prompts_co_owner_ids_gin_idx" ON "prompts" USING gin ("co_owner_ids");
