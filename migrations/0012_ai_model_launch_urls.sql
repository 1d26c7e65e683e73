ALTER TABLE "ai_models" ADD COLUMN "launch_url" text;--> statement-breakpoint
-- Launch URLs only for applications documented to prefill their chat box from the address (?q=).
UPDATE "ai_models" SET "launch_url" = 'https://chatgpt.com/?q={prompt}' WHERE lower("name") = 'chatgpt' AND "launch_url" IS NULL;
--> statement-breakpoint
UPDATE "ai_models" SET "launch_url" = 'https://www.perplexity.ai/search?q={prompt}' WHERE lower("name") = 'perplexity' AND "launch_url" IS NULL;
