import type { ApiToken } from '../../../../shared/schemas/tokens';
import { Checkbox } from '../../../components/ui/checkbox';

const lastUsedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Last used Nov 22, 2026, 10:14 AM", or "Never used". */
export function lastUsedLabel(lastUsedAt: string | null): string {
  return lastUsedAt === null ? 'Never used' : `Last used ${lastUsedFormat.format(new Date(lastUsedAt))}`;
}

interface Props {
  tokens: ApiToken[];
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * The change-password dialog's offer to end the member's API tokens too: whoever knew the old password
 * may have made some. Checked by default; the list says which scripts and clients would stop working.
 */
export function RevokeTokensChoice({ tokens, checked, onCheckedChange }: Props) {
  const one = tokens.length === 1;
  const consequence = checked
    ? `Scripts and AI clients using ${one ? 'your API token' : `your ${tokens.length} API tokens`} stop working.`
    : one
      ? 'Your API token keeps working.'
      : `Your ${tokens.length} API tokens keep working.`;
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <legend className="sr-only">API tokens</legend>
      <Checkbox label={<span className="font-medium text-slate-900">Also revoke my API tokens</span>} checked={checked} onCheckedChange={onCheckedChange} />
      <p className="mt-1 pl-6 text-xs text-slate-600">{consequence}</p>
      <ul aria-label="Your API tokens" className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {tokens.map((t) => (
          <li key={t.id} className="px-3 py-2">
            <p className="text-sm font-medium break-words text-slate-900 [overflow-wrap:anywhere]" dir="auto">
              {t.name}
            </p>
            {/* One line beside each other where there is room; stacked on a phone, where a wrapped line would strand the dot. */}
            <p className="mt-0.5 flex flex-col text-xs text-slate-500 sm:flex-row sm:gap-x-2">
              <span className="font-mono">
                <span className="sr-only">Starts with </span>
                {t.prefix}…
              </span>
              <span aria-hidden="true" className="hidden sm:inline">
                ·
              </span>
              <span>{lastUsedLabel(t.lastUsedAt)}</span>
            </p>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
