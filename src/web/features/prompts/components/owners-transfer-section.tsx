import { useRef } from 'react';
import type { PromptPerson } from '../../../../shared/schemas/owners';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { PersonPicker, personName } from './person-picker';

/** What is owned: prompts and collections have owners by the same rules, and differ only in words. */
export type OwnedKind = 'prompt' | 'collection';

interface Props {
  owner: PromptPerson;
  /** The viewer is the owner ("Keep me"), rather than an administrator acting for them. */
  oldOwnerIsViewer: boolean;
  excludeIds: readonly string[];
  newOwner: PromptPerson | null;
  onNewOwner: (person: PromptPerson | null) => void;
  keepOldOwner: boolean;
  onKeepOldOwner: (keep: boolean) => void;
  /** The server's word on the new owner: a read member, someone unknown, a title they already use. */
  error?: string;
  kind: OwnedKind;
}

/**
 * The owner (or an administrator) gives the prompt or collection to another member: picked with the same search as
 * co-owners, the old owner kept as a co-owner unless unticked. The change happens on Save, after a
 * confirmation.
 */
export function OwnersTransferSection({ kind, owner, oldOwnerIsViewer, excludeIds, newOwner, onNewOwner, keepOldOwner, onKeepOldOwner, error }: Props) {
  const errorId = 'owners-transfer-error';
  const sectionRef = useRef<HTMLElement>(null);
  // The control just used goes away (the picker, or "Keep current owner"): the focus moves to what
  // takes its place, once it is drawn, rather than falling to the page.
  const change = (person: PromptPerson | null) => {
    onNewOwner(person);
    setTimeout(() => sectionRef.current?.querySelector<HTMLElement>(person ? '[role="checkbox"]' : 'input')?.focus(), 0);
  };
  return (
    <section ref={sectionRef} aria-labelledby="owners-transfer-heading" className="space-y-3 border-t border-slate-200 pt-5">
      <div>
        <h3 id="owners-transfer-heading" className="text-sm font-semibold text-slate-900">
          Transfer ownership
        </h3>
        <p className="mt-0.5 text-xs text-slate-500">The new owner can edit the {kind}, and only they or an administrator can give it away again.</p>
      </div>
      {newOwner ? (
        <div className="space-y-3">
          <div
            className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 rounded-md border border-brand-200 bg-brand-50/60 px-3 py-2"
            aria-describedby={error ? errorId : undefined}
          >
            <dl className="grid min-w-0 flex-[1_1_16rem] grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">From</dt>
              <dd dir="auto" className="[overflow-wrap:anywhere] text-slate-800">
                {personName(owner)}
              </dd>
              <dt className="text-slate-600">To</dt>
              <dd className="min-w-0">
                <span dir="auto" className="block font-semibold [overflow-wrap:anywhere] text-slate-900">
                  {personName(newOwner)}
                </span>
                <span className="block text-xs [overflow-wrap:anywhere] text-slate-600">
                  {newOwner.email}
                  {newOwner.businessUnit ? ` · ${newOwner.businessUnit}` : ''}
                </span>
              </dd>
            </dl>
            <Button variant="link" size="sm" className="px-0" onClick={() => change(null)}>
              Keep current owner
            </Button>
          </div>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <Checkbox
            label={oldOwnerIsViewer ? 'Keep me as a co-owner' : `Keep ${personName(owner)} as a co-owner`}
            checked={keepOldOwner}
            onCheckedChange={onKeepOldOwner}
          />
        </div>
      ) : (
        <PersonPicker label="New owner" excludeIds={excludeIds} onPick={change} error={error} placeholder="Search for the new owner" />
      )}
    </section>
  );
}
