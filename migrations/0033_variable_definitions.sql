-- What each template variable of a prompt is (type, label, description, default, required, options),
-- saved with the prompt and kept with each of its versions. A prompt without definitions has '[]'.
ALTER TABLE "prompts" ADD COLUMN "variable_definitions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD COLUMN "variable_definitions" jsonb DEFAULT '[]'::jsonb NOT NULL;
