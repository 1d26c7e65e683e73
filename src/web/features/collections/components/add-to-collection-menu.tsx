import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { Check, ListPlus, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { canCreateCollection } from '../../../../shared/policies/collections';
import type { Collection, CollectionList } from '../../../../shared/schemas/collections';
import { buttonClass } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useAddCollectionItem } from '../api/add-collection-item';
import { patchCollections, useCollectionsHolding } from '../api/list-collections';
import { useRemoveCollectionItem } from '../api/remove-collection-item';
import { CollectionChoiceGroup, CollectionMenuSearch, choiceProps, useCollectionChoices } from './collection-menu-search';
import { menuItemClass, PopoverMenu } from './popover-menu';

const CollectionDialog = lazy(() => import('./collection-dialog').then((m) => ({ default: m.CollectionDialog })));

interface Props {
  prompt: { id: string; title: string };
  /** An icon in a table row or on a card; a labelled button on the prompt's page. */
  place: 'row' | 'card' | 'page';
}

/**
 * "Add to collection": a menu of the collections the member may change, ticked where the prompt already
 * is; choosing one adds or removes it (the menu stays open), and "New collection…" makes one with it.
 * With more collections than one page, a search box above them finds any by name.
 */
export function AddToCollectionMenu({ prompt, place }: Props) {
  const { data: user } = useCurrentUser();
  const [creating, setCreating] = useState(false);
  // What the last tick did, told to screen readers; outside the menu, so closing it does not cut it off.
  const [said, setSaid] = useState('');
  const [text, setText] = useState('');
  const label = `Add ${prompt.title} to a collection`;
  const add = useAddCollectionItem();
  // Read members use collections but change none.
  if (!user || !canCreateCollection(user)) return null;
  return (
    <PopoverMenu
      label={place === 'page' ? 'Add to collection' : label}
      trigger={
        <>
          <ListPlus className="h-4 w-4" aria-hidden="true" />
          {place === 'page' ? 'Add to collection' : null}
        </>
      }
      triggerClassName={
        place === 'page'
          ? buttonClass('secondary', 'sm')
          : place === 'card'
            ? buttonClass('ghost', 'sm', 'px-2')
            : 'rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900'
      }
      onOpenChange={(open) => {
        if (!open) setText('');
      }}
      header={
        <>
          <p className="px-2.5 pt-1 pb-1.5 text-xs font-medium text-slate-500">Add to collection</p>
          <HoldingSearch promptId={prompt.id} text={text} onText={setText} />
        </>
      }
      after={
        <>
          <span role="status" className="sr-only">
            {said}
          </span>
          {creating ? (
            <Suspense>
              <CollectionDialog
                onOpenChange={setCreating}
                onSaved={(c) =>
                  add.mutate(
                    { collectionId: c.id, promptId: prompt.id },
                    {
                      onSuccess: () => toast({ title: `Added to “${c.name}”` }),
                      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'The prompt could not be added.'), variant: 'destructive' }),
                    },
                  )
                }
              />
            </Suspense>
          ) : null}
        </>
      }
    >
      {(close) => (
        <MenuItems
          promptId={prompt.id}
          text={text}
          onSaid={setSaid}
          onNew={() => {
            close();
            setCreating(true);
          }}
        />
      )}
    </PopoverMenu>
  );
}

/** The search box, given the same first page as the items below it. */
function HoldingSearch({ promptId, text, onText }: { promptId: string; text: string; onText: (text: string) => void }) {
  const first = useCollectionsHolding(promptId);
  return <CollectionMenuSearch text={text} onText={onText} first={first} prompt={promptId} />;
}

/** The menu's body: the collections (once loaded, or those the search found), then "New collection…". */
export function MenuItems({ promptId, text, onNew, onSaid }: { promptId: string; text: string; onNew: () => void; onSaid: (text: string) => void }) {
  const first = useCollectionsHolding(promptId);
  const choices = useCollectionChoices(text, first, promptId);
  const qc = useQueryClient();
  const add = useAddCollectionItem();
  const remove = useRemoveCollectionItem();
  const [pending, setPending] = useState('');
  // Every list that says which collections hold this prompt: the first page and the searches' pages.
  const mark = (id: string, on: boolean) =>
    qc.setQueriesData<CollectionList | InfiniteData<CollectionList>>(
      { queryKey: queryKeys.collections, predicate: (q) => (q.queryKey[1] as { prompt?: string } | undefined)?.prompt === promptId },
      (list) => patchCollections(list, (x) => (x.id === id ? { ...x, hasPrompt: on } : x)),
    );

  const toggle = (c: Collection) => {
    if (pending) return;
    const on = !c.hasPrompt;
    setPending(c.id);
    // Ticked at once; the lists refresh when the server has answered.
    mark(c.id, on);
    (on ? add : remove).mutate(
      { collectionId: c.id, promptId },
      {
        onSuccess: () => onSaid(on ? `Added to ${c.name}` : `Removed from ${c.name}`),
        onError: (err) => {
          mark(c.id, !on);
          onSaid(errorMessage(err, on ? 'The prompt could not be added.' : 'The prompt could not be removed.'));
        },
        onSettled: () => setPending(''),
      },
    );
  };

  return (
    <>
      <CollectionChoiceGroup choices={choices}>
        {choices.editable.map((c) => (
          <button
            key={c.id}
            type="button"
            role="menuitemcheckbox"
            aria-checked={Boolean(c.hasPrompt)}
            aria-disabled={pending === c.id || undefined}
            tabIndex={-1}
            className={menuItemClass}
            onClick={() => toggle(c)}
            {...choiceProps(c)}
          >
            <Check className={cn('h-4 w-4 shrink-0 text-brand-600', !c.hasPrompt && 'invisible')} aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate" dir="auto">
              {c.name}
            </span>
          </button>
        ))}
      </CollectionChoiceGroup>
      <div role="separator" className="my-1 h-px bg-slate-100" />
      <button type="button" role="menuitem" tabIndex={-1} className={menuItemClass} onClick={onNew}>
        <Plus className="h-4 w-4 shrink-0" aria-hidden="true" /> New collection…
      </button>
    </>
  );
}
