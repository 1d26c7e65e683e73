import { lazy, type ReactNode, Suspense } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useParams } from 'react-router';
import { type CollectionFormValues, type CollectionParts, CollectionPartsContext } from '../features/collections/components/collection-parts';
import { AddToCollectionMenu } from '../features/collections/components/add-to-collection-menu';
import { BulkAddToCollection } from '../features/collections/components/bulk-add-to-collection';
import { CollectionName } from '../features/collections/components/collection-name';
import { CollectionPage } from '../features/collections/components/collection-page';
import { CollectionsNav } from '../features/collections/components/collections-nav';
import type { PromptSlots } from '../features/prompts/prompt-slots';
import { Spinner } from '../components/ui/spinner';

// Where collections meet the prompt screens. Loaded after the first page (see signed-in-composition),
// so a member's first list carries none of it: the collection actions appear once it is in.

// The list is All Prompts' own, with its chunk: loaded from there, not copied into this one. The
// visibility field comes with it (a chunk of its own would split the first page's shared chunk in two).
const loadList = () => import('../features/prompts/components/collection-prompt-list');
const CollectionPromptList = lazy(() => loadList().then((m) => ({ default: m.CollectionPromptList })));
const OwnersLine = lazy(() => import('../features/prompts/components/owners-line').then((m) => ({ default: m.OwnersLine })));
const PromptMarkdown = lazy(() => import('../features/prompts/markdown/prompt-markdown').then((m) => ({ default: m.PromptMarkdown })));
// Given the collection form's own type: lazy() cannot keep the field's type parameter.
const VisibilityField = lazy(() =>
  loadList().then((m) => ({
    default: (props: { form: UseFormReturn<CollectionFormValues>; ownerUnit: string }) => <m.VisibilityField {...props} />,
  })),
);

const parts: CollectionParts = {
  markdown: (source) => (
    <Suspense>
      <PromptMarkdown source={source} />
    </Suspense>
  ),
  visibilityField: (form, ownerUnit) => (
    <Suspense>
      <VisibilityField form={form} ownerUnit={ownerUnit} />
    </Suspense>
  ),
  promptList: (options) => (
    <Suspense fallback={<Spinner />}>
      <CollectionPromptList {...options} />
    </Suspense>
  ),
  ownersLine: (options) => (
    <Suspense>
      <OwnersLine kind="collection" {...options} />
    </Suspense>
  ),
};

const withParts = (node: ReactNode) => <CollectionPartsContext.Provider value={parts}>{node}</CollectionPartsContext.Provider>;

/** The prompt screens' collection actions: on each prompt, in the bulk bar, and the collection filter's chip. */
export const promptSlots: PromptSlots = {
  promptAction: (prompt, place) => withParts(<AddToCollectionMenu prompt={prompt} place={place} />),
  bulkAction: (target) => withParts(<BulkAddToCollection target={target} />),
  collectionName: (id) => <CollectionName id={id} />,
};

/** The sidebar's Collections section. */
export function CollectionsSidebar({ onNavigate }: { onNavigate?: () => void }) {
  return withParts(<CollectionsNav onNavigate={onNavigate} />);
}

/** /collections/{id}. */
export function CollectionRoute() {
  const { id = '' } = useParams();
  return withParts(<CollectionPage key={id} id={id} />);
}
