import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { CreatedToken } from '../../../../shared/schemas/tokens';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';

/** Puts the text on the clipboard; where the Clipboard API is missing (plain HTTP on a LAN address), the selection is copied instead. */
async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/**
 * The only time the whole token is visible: the server keeps just its hash. The field takes focus and
 * selects itself, so Ctrl+C works at once; Copy does the same with one press.
 */
export function NewTokenPanel({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => field.current?.focus(), []);

  const onCopy = async () => setCopy((await copyText(created.token, field.current)) ? 'copied' : 'failed');

  return (
    <div className="space-y-4">
      <p id={`${id}-warning`} className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        Copy it now: you will not see it again.
      </p>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-token`} className="block text-sm font-medium text-slate-800">
          Your new token
        </label>
        <Textarea
          ref={field}
          id={`${id}-token`}
          readOnly
          rows={2}
          value={created.token}
          aria-describedby={`${id}-warning`}
          onFocus={(e) => e.currentTarget.select()}
          spellCheck={false}
          className="resize-none font-mono text-sm break-all"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void onCopy()}>
          {copy === 'copied' ? <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copy === 'copied' ? 'Copied' : 'Copy'}
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {copy === 'copied' ? 'The token is on your clipboard.' : copy === 'failed' ? 'Copying was refused: the token is selected, press Ctrl+C (⌘C).' : ''}
        </p>
      </div>
      <div className="text-sm text-slate-600">
        <p>Send it in the Authorization header of each request:</p>
        <code className="mt-1.5 block rounded-md bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-800">
          Authorization: Bearer {created.apiToken.prefix}…
        </code>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
