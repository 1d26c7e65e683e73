import { UserMinus } from 'lucide-react';
import { useRef, useState } from 'react';
import { canViewPrompt } from '../../../../shared/policies/prompts';
import { COLLECTION_MESSAGES } from '../../../../shared/schemas/collections';
import { MAX_CO_OWNERS, OWNER_MESSAGES, type PromptOwners, type PromptOwnersInput, type PromptPerson } from '../../../../shared/schemas/owners';
import type { Visibility } from '../../../../shared/visibility';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { ApiError, hasErrorCode } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { saveErrorMessage } from '../../../lib/save-error';
import { toast } from '../../../lib/toast';
import { type OwnedKind, OwnersTransferSection } from './owners-transfer-section';
import { PersonPicker, personName } from './person-picker';
import type { PromptStatus } from '../../../../shared/schemas/status';

/** A prompt or a collection as the dialog needs it: what to call it, and who would still see it after a transfer. */
export interface OwnedSubject {
  id: string;
  title: string;
  visibility: Visibility;
  units: readonly string[];
  /** A prompt's status (a draft stays with its owners); collections have none. */
  status?: PromptStatus;
}

export interface OwnersDialogProps {
  subject: OwnedSubject;
  kind: OwnedKind;
  owners: PromptOwners;
  /** Sends the new owner and co-owners; answers them as the server now has them. */
  save: (input: PromptOwnersInput) => Promise<PromptOwners>;
  saving: boolean;
  onClose: () => void;
  /** After a transfer that leaves the viewer unable to see it (a private one given away). */
  onLostAccess: () => void;
}

type FieldErrors = { ownerId?: string; coOwnerIds?: string };

/** The ids to send: the new owner never also a co-owner, the old one kept as a co-owner when asked. */
export function ownersInput(owners: PromptOwners, coOwners: readonly PromptPerson[], newOwner: PromptPerson | null, keepOldOwner: boolean) {
  const ownerId = newOwner?.id ?? owners.owner.id;
  const ids = coOwners.map((p) => p.id).filter((id) => id !== ownerId);
  if (newOwner && keepOldOwner && !ids.includes(owners.owner.id)) ids.push(owners.owner.id);
  return { ownerId, coOwnerIds: ids };
}

/**
 * "Manage owners" of a prompt or a collection: the co-owners, each with a remove button, a picker to
 * add more and, for the owner or an administrator, the transfer to someone else, confirmed in a second
 * step since the one who gives it away may lose the right to change it. Nothing is sent before Save.
 */
export function OwnersDialog({ subject, kind, owners, save, saving, onClose, onLostAccess }: OwnersDialogProps) {
  const { data: viewer } = useCurrentUser();
  const tooMany = kind === 'prompt' ? OWNER_MESSAGES.tooMany : COLLECTION_MESSAGES.tooManyCoOwners;
  const [coOwners, setCoOwners] = useState<PromptPerson[]>(owners.coOwners);
  const [newOwner, setNewOwner] = useState<PromptPerson | null>(null);
  const [keepOldOwner, setKeepOldOwner] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pickerBoxRef = useRef<HTMLDivElement>(null);

  const full = coOwners.length >= MAX_CO_OWNERS;
  const listedIds = [owners.owner.id, ...coOwners.map((p) => p.id), ...(newOwner ? [newOwner.id] : [])];

  const add = (person: PromptPerson) => {
    setCoOwners((list) => [...list, person]);
    setErrors(({ coOwnerIds: _, ...rest }) => rest);
  };
  const remove = (index: number) => {
    setCoOwners((list) => list.filter((_, i) => i !== index));
    setErrors(({ coOwnerIds: _, ...rest }) => rest);
    // The focused button is gone: the next one takes the focus, else the picker (the list may be empty).
    queueMicrotask(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? pickerBoxRef.current?.querySelector('input'))?.focus();
    });
  };

  const send = async () => {
    const input = ownersInput(owners, coOwners, newOwner, keepOldOwner);
    if (input.coOwnerIds.length > MAX_CO_OWNERS) {
      setConfirming(false);
      setErrors({ coOwnerIds: tooMany });
      return;
    }
    setRefusal(null);
    setErrors({});
    try {
      const saved = await save(input);
      setConfirming(false);
      const transferredTo = saved.owner.id !== owners.owner.id ? saved.owner : null;
      toast({ title: transferredTo ? `Ownership transferred to ${personName(transferredTo)}` : 'Co-owners saved' });
      onClose();
      const stillSees =
        viewer &&
        canViewPrompt(viewer, {
          userId: saved.owner.id,
          coOwnerIds: saved.coOwners.map((p) => p.id),
          visibility: subject.visibility,
          visibleUnits: subject.units,
          status: subject.status ?? 'published',
        });
      if (viewer && !stillSees) onLostAccess();
    } catch (err) {
      setConfirming(false);
      if (hasErrorCode(err, 'duplicate_title') || hasErrorCode(err, 'collection_name_taken')) setErrors({ ownerId: err.serverMessage });
      else if (err instanceof ApiError && (err.fieldErrors?.ownerId || err.fieldErrors?.coOwnerIds)) {
        setErrors({ ownerId: err.fieldErrors.ownerId, coOwnerIds: err.fieldErrors.coOwnerIds });
      } else setRefusal(saveErrorMessage(err, 'The owners could not be saved.'));
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (newOwner) setConfirming(true);
    else void send();
  };

  const oldOwnerIsViewer = viewer?.id === owners.owner.id;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Manage owners"
        description={<span className="break-words [overflow-wrap:anywhere]">“{subject.title}”</span>}
        size="lg"
        // The picker first: adding someone is what the dialog is most often opened for.
        onOpenAutoFocus={(e) => {
          const input = pickerBoxRef.current?.querySelector('input');
          if (!input || input.disabled) return;
          e.preventDefault();
          input.focus();
        }}
      >
        <form onSubmit={submit} noValidate className="space-y-6">
          <section aria-labelledby="owners-co-heading" className="space-y-3">
            <div>
              <h3 id="owners-co-heading" className="text-sm font-semibold text-slate-900">
                Co-owners
              </h3>
              <p className="mt-0.5 text-xs text-slate-500">
                Co-owners can edit this {kind}, change who sees it and who co-owns it. Owner: {personName(owners.owner)}.
              </p>
            </div>
            {coOwners.length ? (
              <ul ref={listRef} aria-label="Co-owners" className="divide-y divide-slate-100 rounded-md border border-slate-200">
                {coOwners.map((person, index) => (
                  <li key={person.id} className="flex items-center justify-between gap-3 px-3 py-2">
                    <div className="min-w-0 text-sm">
                      <p dir="auto" className="font-medium [overflow-wrap:anywhere] text-slate-900">
                        {personName(person)}
                      </p>
                      <p className="text-xs [overflow-wrap:anywhere] text-slate-500">
                        {person.email}
                        {person.businessUnit ? ` · ${person.businessUnit}` : ''}
                      </p>
                    </div>
                    <Button variant="ghost" size="sm" aria-label={`Remove ${personName(person)}`} onClick={() => remove(index)}>
                      <UserMinus className="h-4 w-4" aria-hidden="true" />
                      <span className="hidden sm:inline">Remove</span>
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="rounded-md border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-500">No co-owners yet.</p>
            )}
            <div ref={pickerBoxRef}>
              <PersonPicker
                label="Add co-owner"
                excludeIds={listedIds}
                onPick={add}
                disabled={full}
                hint={full ? `A ${kind} can have at most ${MAX_CO_OWNERS} co-owners: remove one to add another.` : 'Members with edit access.'}
                error={errors.coOwnerIds}
              />
            </div>
          </section>
          {owners.canTransfer ? (
            <OwnersTransferSection
              kind={kind}
              owner={owners.owner}
              oldOwnerIsViewer={oldOwnerIsViewer}
              excludeIds={[owners.owner.id]}
              newOwner={newOwner}
              onNewOwner={(person) => {
                setNewOwner(person);
                setErrors(({ ownerId: _, ...rest }) => rest);
              }}
              keepOldOwner={keepOldOwner}
              onKeepOldOwner={setKeepOldOwner}
              error={errors.ownerId}
            />
          ) : null}
          {refusal ? (
            <ErrorBox compact>
              <p>{refusal}</p>
            </ErrorBox>
          ) : null}
          <FormDialogFooter onCancel={onClose} pending={saving} submitLabel="Save" />
        </form>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Transfer ownership?"
          destructive={false}
          confirmLabel="Transfer ownership"
          pendingLabel="Transferring..."
          pending={saving}
          onConfirm={() => void send()}
          description={
            newOwner ? (
              <TransferSummary
                title={subject.title}
                owner={owners.owner}
                newOwner={newOwner}
                keep={keepOldOwner}
                viewerIsOwner={oldOwnerIsViewer}
                viewerIsAdmin={viewer?.role === 'admin'}
              />
            ) : null
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/** What the transfer changes, in words: who owns the prompt next, and what becomes of the old owner. */
function TransferSummary(props: { title: string; owner: PromptPerson; newOwner: PromptPerson; keep: boolean; viewerIsOwner: boolean; viewerIsAdmin: boolean }) {
  const { title, owner, newOwner, keep, viewerIsOwner, viewerIsAdmin } = props;
  const oldName = viewerIsOwner ? 'You' : personName(owner);
  return (
    <div className="space-y-2 break-words [overflow-wrap:anywhere]">
      <p>
        “{title}” will belong to <strong className="font-semibold text-slate-900">{personName(newOwner)}</strong>. Only they or an administrator can give it
        away again.
      </p>
      <p>
        {keep
          ? `${oldName} will stay a co-owner and can still edit it.`
          : `${oldName} will no longer own or co-own it${viewerIsOwner && !viewerIsAdmin ? ', and can no longer edit it' : ''}.`}
      </p>
    </div>
  );
}
