import { lazy, Suspense } from 'react';
import type { SuggestionBaseText } from '../../shared/schemas/suggestions';
import { Spinner } from '../components/ui/spinner';
import { useTags } from '../features/prompts/api/prompt-queries';
import type { PromptSlots } from '../features/prompts/prompt-slots';
import type { TagsControl } from '../features/suggestions/components/suggest-edit-dialog';
import { SuggestEditButton } from '../features/suggestions/components/suggest-edit-button';
import type { RenderSuggestionDiff } from '../features/suggestions/components/suggestion-parts';
import { useWideLayout } from '../lib/use-media-query';

// Where suggested edits meet the prompt's page. Loaded after the first page (see signed-in-composition);
// the suggestion form, the tab and the diff library load only when someone opens them.

const TagInput = lazy(() => import('../features/prompts/form/tag-input').then((m) => ({ default: m.TagInput })));
const VersionDiff = lazy(() => import('../features/prompts/history/version-diff').then((m) => ({ default: m.VersionDiff })));
const PromptSuggestions = lazy(() => import('../features/suggestions/components/prompt-suggestions').then((m) => ({ default: m.PromptSuggestions })));

/** The prompt form's tag chips, offering the library's known tags. */
const Tags: TagsControl = (props) => {
  const { data: known = [] } = useTags();
  return (
    <Suspense fallback={null}>
      <TagInput {...props} known={known} />
    </Suspense>
  );
};

const DIFF_FIELDS = [
  { key: 'title', label: 'Title' },
  { key: 'content', label: 'Content' },
  { key: 'notes', label: 'Notes' },
  { key: 'tags', label: 'Tags' },
];

/** The History tab's diff, side by side on wide screens, of the current text and the suggested one. */
function SuggestionDiff({ before, after }: { before: SuggestionBaseText; after: SuggestionBaseText }) {
  const wide = useWideLayout();
  return (
    <Suspense fallback={<Spinner label="Loading the changes..." />}>
      <VersionDiff
        before={before}
        after={after}
        fields={DIFF_FIELDS}
        layout={wide ? 'split' : 'unified'}
        sameText="No differences: the prompt already reads so."
      />
    </Suspense>
  );
}

const renderDiff: RenderSuggestionDiff = (before, after) => <SuggestionDiff before={before} after={after} />;

/** The prompt page's Suggest an edit button and its Suggestions tab. */
export const promptSlots: PromptSlots = {
  suggestEdit: (prompt) => <SuggestEditButton prompt={prompt} TagInput={Tags} />,
  suggestionsTab: (prompt) => (
    <Suspense fallback={<Spinner label="Loading suggestions..." />}>
      <PromptSuggestions prompt={prompt} renderDiff={renderDiff} />
    </Suspense>
  ),
};
