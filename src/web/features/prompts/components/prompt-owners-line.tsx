import { Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PromptPerson } from '../../../../shared/schemas/owners';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { usePromptOwners } from '../api/get-prompt-owners';
import type { OwnedPrompt } from './prompt-owners-dialog';
import { personName } from './person-picker';

// The dialog (and its member search) loads when someone opens it: most visits only read the names.
const PromptOwnersDialog = lazy(() => import('./prompt-owners-dialog').then((m) => ({ default: m.PromptOwnersDialog })));

/** "A, B and C" */
function namesOf(people: readonly PromptPerson[]): string {
  const names = people.map(personName);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * Who owns the prompt and who co-owns it, on one line under its title, with "Manage owners" for those
 * who may change them (the owner, co-owners and administrators). Read members see the names only.
 */
export function PromptOwnersLine({ prompt }: { prompt: OwnedPrompt }) {
  const { data: owners, isError } = usePromptOwners(prompt.id);
  const [managing, setManaging] = useState(false);
  const navigate = useNavigate();
  if (isError) return null;
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
              <PromptOwnersDialog prompt={prompt} owners={owners} onClose={() => setManaging(false)} onLostAccess={() => void navigate(paths.myPrompts)} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <span className="h-3.5 w-48 animate-pulse rounded bg-slate-200" aria-hidden="true" />
      )}
    </section>
  );
}
