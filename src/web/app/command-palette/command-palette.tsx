import * as DialogPrimitive from '@radix-ui/react-dialog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { FileText, Keyboard, Search } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PromptListResponse } from '../../../shared/schemas/prompts';
import { useReturnFocus } from '../../components/ui/dialog';
import { useDebouncedValue } from '../../lib/text-input';
import { apiRequest, pathFromQueryKey } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { adminLinks } from '../layout/admin-nav';
import { navigationLinks } from '../layout/sidebar';

const PROMPT_RESULTS = '8';

interface Props {
  onOpenChange: (open: boolean) => void;
  canCreate: boolean;
  isAdmin: boolean;
  /** Whether the review queue is offered (admins, curators). */
  curates: boolean;
  onShowShortcuts: () => void;
}

/** Prompts whose title, content, notes or tags match, best first, as the list's own search finds them. */
function usePromptMatches(text: string) {
  const search = useDebouncedValue(text.trim(), 150);
  return useQuery({
    queryKey: [queryKeys.prompts[0], { search, limit: PROMPT_RESULTS }] as const,
    queryFn: ({ queryKey }) => apiRequest<PromptListResponse>('GET', pathFromQueryKey(queryKey)),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

function Item({ value, onSelect, icon, children }: { value: string; onSelect: () => void; icon: ReactNode; children: ReactNode }) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-800"
    >
      <span className="shrink-0 text-slate-400" aria-hidden="true">
        {icon}
      </span>
      <span className="min-w-0 truncate" dir="auto">
        {children}
      </span>
    </Command.Item>
  );
}

const groupClass =
  'px-1 py-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-500 [&_[cmdk-group-heading]]:uppercase';

/**
 * Ctrl+K / ⌘+K: jump to a prompt by what it says, go to a page, create a prompt. Matching is the
 * server's search for prompts and a plain "contains" for page names; the arrow keys move, Enter goes.
 */
export function CommandPalette({ onOpenChange, canCreate, isAdmin, curates, onShowShortcuts }: Props) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const matches = usePromptMatches(text);
  const words = text.trim();
  const pages = [...navigationLinks(canCreate, curates), ...(isAdmin ? adminLinks : [])].filter((l) => l.label.toLowerCase().includes(words.toLowerCase()));
  const prompts = words ? (matches.data?.items ?? []) : [];
  // The palette mounts when opened, so this is the control that had focus before Ctrl+K.
  const returnFocus = useReturnFocus();
  const go = (to: string) => {
    onOpenChange(false);
    void navigate(to);
  };

  return (
    <DialogPrimitive.Root open onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className="fixed top-[12vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl bg-white shadow-2xl"
        >
          <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
          <Command label="Jump to a prompt or page" shouldFilter={false} loop>
            <div className="flex items-center gap-2 border-b border-slate-200 px-4">
              <Search className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
              <Command.Input
                value={text}
                onValueChange={setText}
                placeholder="Jump to a prompt or page…"
                className="h-12 w-full bg-transparent text-sm text-slate-900 outline-none placeholder:text-slate-500"
              />
            </div>
            <Command.List className="max-h-[60vh] overflow-y-auto p-1">
              {words && !matches.isFetching && prompts.length === 0 && pages.length === 0 ? (
                <p className="px-4 py-6 text-center text-sm text-slate-500">No prompt or page matches “{words}”.</p>
              ) : null}
              {prompts.length > 0 ? (
                <Command.Group heading="Prompts" className={groupClass}>
                  {prompts.map((p) => (
                    <Item key={p.id} value={`prompt-${p.id}`} onSelect={() => go(paths.prompt(p.id))} icon={<FileText className="h-4 w-4" />}>
                      {p.title}
                    </Item>
                  ))}
                  <Item value="search-all" onSelect={() => go(`${paths.allPrompts}?q=${encodeURIComponent(words)}`)} icon={<Search className="h-4 w-4" />}>
                    Search all prompts for “{words}”
                  </Item>
                </Command.Group>
              ) : null}
              {pages.length > 0 ? (
                <Command.Group heading="Go to" className={groupClass}>
                  {pages.map((l) => (
                    <Item key={l.to} value={`page-${l.to}`} onSelect={() => go(l.to)} icon={<l.icon className="h-4 w-4" />}>
                      {l.to === paths.createPrompt ? 'New Prompt' : l.label}
                    </Item>
                  ))}
                </Command.Group>
              ) : null}
              {!words ? (
                <Command.Group heading="Help" className={groupClass}>
                  <Item
                    value="shortcuts"
                    onSelect={() => {
                      onOpenChange(false);
                      onShowShortcuts();
                    }}
                    icon={<Keyboard className="h-4 w-4" />}
                  >
                    Keyboard shortcuts
                  </Item>
                </Command.Group>
              ) : null}
            </Command.List>
          </Command>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
