import { Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { PromptOwners, PromptOwnersInput, PromptPerson } from '../../../../shared/schemas/owners';
import { Button } from '../../../components/ui/button';
import type { OwnedSubject } from './owners-dialog';
import type { OwnedKind } from './owners-transfer-section';
import { personName } from './person-picker';

// The dialog (and its member search) loads when someone opens it: most visits only read the names.
const OwnersDialog = lazy(() => import('./owners-dialog').then((m) => ({ default: m.OwnersDialog })));

/** "A, B and C" */
function namesOf(people: readonly PromptPerson[]): string {
  const names = people.map(personName);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

export interface OwnersLineProps {
  subject: OwnedSubject;
  kind: OwnedKind;
  /** Not yet known while loading. */
  owners: PromptOwners | undefined;
  /** The owners could not be read: the line stays out of the way. */
  failed: boolean;
  save: (input: PromptOwnersInput) => Promise<PromptOwners>;
  saving: boolean;
  onLostAccess: () => void;
}

/**
 * Who owns a prompt or a collection and who co-owns it, on one line under its title, with "Manage
 * owners" for those who may change them (the owner, co-owners and administrators). Read members see
 * the names only.
 */
export function OwnersLine({ subject, kind, owners, failed, save, saving, onLostAccess }: OwnersLineProps) {
  const [managing, setManaging] = useState(false);
  if (failed) return null;
  return (
    <section aria-label="Owners" className="flex min-h-8 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
      <Users className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
      {owners ? (
        <>
          <p className="min-w-0 [overflow-wrap:anywhere]">
            Owned by <span className="font-medium text-slate-900">{personName(owners.owner)}</span>
            {owners.coOwners.length ? (
              <>
                {' · '}co-owned with <span className="font-medium text-slate-900">{namesOf(owners.coOwners)}</span>
              </>
            ) : null}
          </p>
          {owners.canChangeCoOwners ? (
            <Button variant="secondary" size="sm" onClick={() => setManaging(true)}>
              Manage owners
            </Button>
          ) : null}
          {managing ? (
            <Suspense>
              <OwnersDialog
                subject={subject}
                kind={kind}
                owners={owners}
                save={save}
                saving={saving}
                onClose={() => setManaging(false)}
                onLostAccess={onLostAccess}
              />
            </Suspense>
          ) : null}
        </>
      ) : (
        <span className="h-3.5 w-48 animate-pulse rounded bg-slate-200" aria-hidden="true" />
      )}
    </section>
  );
}
