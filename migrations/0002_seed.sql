-- Data every install needs, inserted once with the schema (migrations run exactly once per database).
-- The six fields the prompt form knows natively, in their default order.
INSERT INTO "form_fields" ("name", "label", "type", "required", "enabled", "order", "placeholder") VALUES
  ('title', 'Title', 'text', true, true, 1, 'Give the prompt a short, searchable title'),
  ('content', 'Content', 'textarea', true, true, 2, 'Write the prompt exactly as you would give it to the AI'),
  ('notes', 'Notes', 'textarea', false, true, 3, 'Tips, context or example outputs (optional)'),
  ('aiModels', 'AI Application Used', 'multiselect', true, true, 4, 'Select the AI applications this prompt works with'),
  ('tags', 'Tags', 'tags', true, true, 5, 'Add a tag and press Enter'),
  ('userBusinessUnit', 'Business Unit', 'business-units', true, true, 6, 'Select a business unit')
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
-- A starting catalog of common AI applications; people can add their own from the prompt form.
INSERT INTO "ai_models" ("name") VALUES
  ('ChatGPT'), ('Claude'), ('Gemini'), ('Microsoft Copilot'), ('GitHub Copilot'), ('Perplexity'),
  ('Llama'), ('Mistral'), ('Midjourney'), ('DALL-E'), ('Stable Diffusion'), ('Grok'), ('DeepSeek')
ON CONFLICT DO NOTHING;
