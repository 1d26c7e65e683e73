ALTER TABLE "ai_models" ADD COLUMN "home_url" text;--> statement-breakpoint
-- A launch URL is kept only where the vendor documents a URL parameter that prefills the prompt. Neither
-- OpenAI nor Perplexity documents `?q=` (decision 032): the seeded addresses move to home URLs, used by
-- "Copy & open" (the text is copied, the application opens). One an admin changed is left as it is.
UPDATE "ai_models" SET "launch_url" = NULL, "home_url" = 'https://chatgpt.com/'
  WHERE lower("name") = 'chatgpt' AND "launch_url" = 'https://chatgpt.com/?q={prompt}' AND "home_url" IS NULL;--> statement-breakpoint
UPDATE "ai_models" SET "launch_url" = NULL, "home_url" = 'https://www.perplexity.ai/'
  WHERE lower("name") = 'perplexity' AND "launch_url" = 'https://www.perplexity.ai/search?q={prompt}' AND "home_url" IS NULL;--> statement-breakpoint
-- The vendors' own web apps of the other seeded applications, so that "Copy & open" works from the
-- start. DALL-E (inside ChatGPT now) and Stable Diffusion (no single vendor app) get none.
UPDATE "ai_models" AS m SET "home_url" = v.url
  FROM (VALUES
    ('chatgpt', 'https://chatgpt.com/'),
    ('perplexity', 'https://www.perplexity.ai/'),
    ('claude', 'https://claude.ai/new'),
    ('gemini', 'https://gemini.google.com/app'),
    ('microsoft copilot', 'https://copilot.microsoft.com/'),
    ('github copilot', 'https://github.com/copilot'),
    ('llama', 'https://www.meta.ai/'),
    ('mistral', 'https://chat.mistral.ai/chat'),
    ('midjourney', 'https://www.midjourney.com/imagine'),
    ('grok', 'https://grok.com/'),
    ('deepseek', 'https://chat.deepseek.com/')
  ) AS v(name, url)
  WHERE lower(m."name") = v.name AND m."home_url" IS NULL;
