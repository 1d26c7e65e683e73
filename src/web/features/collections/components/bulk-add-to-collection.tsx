import { useQueryClient } from '@tanstack/react-query';
import { ListPlus, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { MAX_COLLECTION_ITEMS, type Collection } from '../../../../shared/schemas/collections';
import type { PromptListResponse } from '../../../../shared/schemas/prompts';
import { plural } from '../../../../shared/plural';
import { buttonClass } from '../../../components/ui/button';
import { apiRequest, errorMessage, pathFromQueryKey } from '../../../lib/api-client';
import { refreshAfter } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { addPrompts } from '../api/add-collection-item';
import { useCollections } from '../api/list-collections';
import { CollectionChoiceGroup, CollectionMenuSearch, choiceProps, useCollectionChoices } from './collection-menu-search';
import { menuItemClass, PopoverMenu } from './popover-menu';

const CollectionDialog = lazy(() => import('./collection-dialog').then((m) => ({ default: m.CollectionDialog })));

/** The bulk bar's selection: picked ids, or (null) every prompt of `list`. */
export interface BulkSelectionTarget {
  ids: string[] | null;
  count: number;
  list: readonly [string, Record<string, string>];
  onDone: () => void;
}

/** The ids of a whole filtered list, page by page, up to what a collection holds. */
async function idsOf(list: BulkSelectionTarget['list']): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  do {
    const page = await apiRequest<PromptListResponse>('GET', pathFromQueryKey([list[0], { ...list[1], limit: '200', cursor }]));
    ids.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor ?? '';
  } while (cursor && ids.length < MAX_COLLECTION_ITEMS);
  return ids.slice(0, MAX_COLLECTION_ITEMS);
}

/** The report of a bulk add: how many were added, and how many were there already. */
export function bulkAddReport(name: string, added: number, already: number): string {
  const head = `Added ${added.toLocaleString('en-US')} ${plural(added, 'prompt', 'prompts')} to “${name}”`;
  return already ? `${head}; ${already.toLocaleString('en-US')} ${plural(already, 'was', 'were')} already there.` : `${head}.`;
}

/**
 * The bulk bar's "Add to collection": every selected prompt goes into the collection chosen (or a new one).
 * With more collections than one page, a search box above them finds any by name.
 */
export function BulkAddToCollection({ target }: { target: BulkSelectionTarget }) {
  const first = useCollections();
  const qc = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');

  const addTo = async (c: Pick<Collection, 'id' | 'name'>) => {
    setBusy(true);
    try {
      const ids = target.ids ?? (await idsOf(target.list));
      const { added, already, error } = await addPrompts(c.id, ids);
      if (error) {
        toast({
          title: added ? bulkAddReport(c.name, added, already) : 'Error',
          description: errorMessage(error, 'The prompts could not be added.'),
          variant: 'destructive',
        });
      } else {
        toast({ title: bulkAddReport(c.name, added, already) });
        target.onDone();
      }
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The prompts could not be added.'), variant: 'destructive' });
    } finally {
      refreshAfter.collectionItemsChange(qc);
      setBusy(false);
    }
  };

  return (
    <PopoverMenu
      label="Add to collection"
      trigger={
        <>
          <ListPlus className="h-4 w-4" aria-hidden="true" /> {busy ? 'Adding…' : 'Add to collection…'}
        </>
      }
      triggerClassName={buttonClass('secondary', 'sm')}
      onOpenChange={(open) => {
        if (!open) setText('');
      }}
      header={
        <>
          <p className="px-2.5 pt-1 pb-1.5 text-xs font-medium text-slate-500">
            Add {target.count.toLocaleString('en-US')} {plural(target.count, 'prompt', 'prompts')} to
          </p>
          <CollectionMenuSearch text={text} onText={setText} first={first} />
        </>
      }
      after={
        creating ? (
          <Suspense>
            <CollectionDialog onOpenChange={setCreating} onSaved={(c) => void addTo(c)} />
          </Suspense>
        ) : null
      }
    >
      {(close) => (
        <BulkMenuItems
          text={text}
          busy={busy}
          onPick={(c) => {
            close();
            void addTo(c);
          }}
          onNew={() => {
            close();
            setCreating(true);
          }}
        />
      )}
    </PopoverMenu>
  );
}

/** The menu's body: the collections (once loaded, or those the search found), then "New collection…". */
function BulkMenuItems({ text, busy, onPick, onNew }: { text: string; busy: boolean; onPick: (c: Collection) => void; onNew: () => void }) {
  const first = useCollections();
  const choices = useCollectionChoices(text, first);
  return (
    <>
      <CollectionChoiceGroup choices={choices}>
        {choices.editable.map((c) => (
          <button
            key={c.id}
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-disabled={busy || undefined}
            className={menuItemClass}
            {...choiceProps(c)}
            onClick={() => {
              if (!busy) onPick(c);
            }}
          >
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
