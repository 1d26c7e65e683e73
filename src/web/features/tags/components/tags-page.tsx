import { Search, SearchX, Tags } from 'lucide-react';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import type { AdminTag } from '../../../../shared/schemas/tags';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { SearchSynonymsSection } from './search-synonyms-section';
import { useAdminTags } from '../api/tag-admin';
import { DeleteTagDialog } from './delete-tag-dialog';
import { MergeTagsDialog } from './merge-tags-dialog';
import { RenameTagDialog } from './rename-tag-dialog';
import { SelectionBar } from './selection-bar';
import { TagList } from './tag-list';
import { tagCount } from './tag-wording';
import { ErrorBox } from '../../../components/ui/error-box';

const matches = (name: string, text: string) => name.toLocaleLowerCase().includes(text.toLocaleLowerCase());

/** /tags: every tag with how many prompts carry it; rename, merge and delete, carried into the prompts. */
export function TagsPage() {
  usePageTitle('Tags');
  const { data: tags, isLoading, isError, error, refetch } = useAdminTags();
  const [search, setSearch] = useState('');
  // Filtering a few thousand names is quick, but drawing the rows is not: typing stays responsive while
  // the list catches up.
  const typed = useDeferredValue(search.trim());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [renaming, setRenaming] = useState<AdminTag | null>(null);
  const [deleting, setDeleting] = useState<AdminTag | null>(null);
  // The tags as they were when Merge… was pressed: the dialog names exactly what will be sent.
  const [merging, setMerging] = useState<readonly AdminTag[] | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useFocusAfterRemoval(tags, searchRef);

  const all = useMemo(() => tags ?? [], [tags]);
  const shown = useMemo(() => (typed ? all.filter((t) => matches(t.name, typed)) : all), [all, typed]);
  // The selection outlives a search (choose some, search again, choose more); tags that a change
  // removed drop out of it here.
  const chosen = useMemo(() => all.filter((t) => selected.has(t.id)), [all, selected]);

  const toggle = (tag: AdminTag, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(tag.id);
      else next.delete(tag.id);
      return next;
    });
  const clearSelection = () => setSelected(new Set());
  // The bar leaves with the button that had focus: the search box takes it rather than the page's top.
  const clearFromBar = () => {
    clearSelection();
    searchRef.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <PageHeader title="Tags" description="Rename, merge or delete the tags prompts carry; every change reaches each prompt that has the tag." />
      {isLoading ? (
        <ListSkeleton label="Loading tags..." rows={5} />
      ) : isError ? (
        <ErrorBox onRetry={() => void refetch()}>
          <p>Error loading tags: {errorMessage(error, error.message)}</p>
        </ErrorBox>
      ) : all.length === 0 ? (
        <EmptyState icon={Tags} title="No tags yet" description="Tags given to prompts appear here, with how many prompts carry each." />
      ) : (
        <>
          {/* On wide screens it stays under the header while the list scrolls, so the selection's actions are always at hand. */}
          <div className="mb-4 flex flex-col gap-3 md:sticky md:top-16 md:z-10 md:-mx-6 md:flex-row md:items-center md:bg-slate-50/95 md:px-6 md:py-3 md:backdrop-blur lg:-mx-8 lg:px-8">
            <div className="relative w-full md:max-w-sm">
              <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
              <Input
                ref={searchRef}
                type="search"
                aria-label="Search tags"
                placeholder="Search tags"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                className="pl-9"
              />
            </div>
            <div className="flex flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-2 md:min-h-10">
              <p role="status" className="text-sm text-slate-600">
                {typed ? `${shown.length.toLocaleString('en-US')} of ${tagCount(all.length)}` : tagCount(all.length)}
              </p>
              {chosen.length > 0 ? <SelectionBar count={chosen.length} onMerge={() => setMerging(chosen)} onClear={clearFromBar} /> : null}
            </div>
          </div>
          {shown.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title="No tags match your search."
              description={<span className="break-words [overflow-wrap:anywhere]">Nothing is called anything like “{typed}”.</span>}
              action={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSearch('');
                    searchRef.current?.focus();
                  }}
                >
                  Clear search
                </Button>
              }
            />
          ) : (
            <TagList key={typed} tags={shown} selected={selected} onToggle={toggle} onRename={setRenaming} onDelete={setDeleting} />
          )}
          {/* Room below the last card for the bar that floats over the bottom of a phone's screen. */}
          {chosen.length > 0 ? <div aria-hidden="true" className="h-20 md:hidden" /> : null}
        </>
      )}
      {renaming ? <RenameTagDialog tag={renaming} tags={all} onOpenChange={(open) => !open && setRenaming(null)} /> : null}
      {deleting ? (
        <DeleteTagDialog
          tag={deleting}
          onOpenChange={(open) => !open && setDeleting(null)}
          onMergeInstead={(tag) => {
            setDeleting(null);
            // Once the delete dialog has given focus back to the row, so that the rename dialog returns it there too.
            requestAnimationFrame(() => setRenaming(tag));
          }}
        />
      ) : null}
      {merging ? <MergeTagsDialog selected={merging} tags={all} onOpenChange={(open) => !open && setMerging(null)} onMerged={clearSelection} /> : null}
      <SearchSynonymsSection />
    </>
  );
}
