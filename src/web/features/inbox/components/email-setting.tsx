import { useId } from 'react';
import { INBOX_EMAIL_LABELS, INBOX_EMAIL_MODES, type InboxEmailMode } from '../../../../shared/schemas/inbox';
import { NativeSelect } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useInboxSettings, useSetInboxEmail } from '../api/inbox-settings';

const DESCRIPTIONS: Record<InboxEmailMode, string> = {
  off: 'You will not get inbox email.',
  each: 'You will get an email for each new item.',
  daily: 'You will get one email a day listing your unread items.',
};

/** The member's choice of inbox email; shown but not offered when the server cannot send email. */
export function EmailSetting() {
  const settings = useInboxSettings();
  const save = useSetInboxEmail();
  const id = useId();
  const current = settings.data;
  const unavailable = current?.emailAvailable === false;
  const value = save.isPending && save.variables ? save.variables : (current?.email ?? 'off');
  return (
    <div className="w-full sm:w-56">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Email
      </label>
      <NativeSelect
        id={id}
        value={value}
        disabled={!current || unavailable}
        aria-describedby={unavailable ? `${id}-hint` : undefined}
        onChange={(e) => {
          const email = e.target.value as InboxEmailMode;
          save.mutate(email, {
            onSuccess: () => toast({ title: 'Email setting saved', description: DESCRIPTIONS[email] }),
            onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Could not save the email setting'), variant: 'destructive' }),
          });
        }}
      >
        {INBOX_EMAIL_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {INBOX_EMAIL_LABELS[mode]}
          </option>
        ))}
      </NativeSelect>
      {unavailable ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          Email is not set up on this server
        </p>
      ) : null}
    </div>
  );
}
