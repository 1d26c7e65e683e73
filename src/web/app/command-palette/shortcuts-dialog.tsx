import { Dialog, DialogContent } from '../../components/ui/dialog';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const shortcuts: Array<{ keys: string[]; what: string }> = [
  { keys: [isMac ? '⌘' : 'Ctrl', 'K'], what: 'Open the command palette: jump to a prompt or a page' },
  { keys: ['/'], what: 'Search the list' },
  { keys: ['?'], what: 'Show these shortcuts' },
  { keys: ['↑', '↓'], what: 'Move between prompts in the table' },
  { keys: ['Home', 'End'], what: 'First or last prompt in the table' },
  { keys: ['Enter'], what: 'Open the prompt' },
  { keys: ['Esc'], what: 'Close a dialog or menu' },
];

/** "?": every keyboard shortcut the app answers to. */
export function ShortcutsDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title="Keyboard shortcuts" size="lg">
        <dl className="divide-y divide-slate-100">
          {shortcuts.map((s) => (
            <div key={s.what} className="flex items-center justify-between gap-4 py-2.5">
              <dt className="text-sm text-slate-700">{s.what}</dt>
              <dd className="flex shrink-0 gap-1">
                {s.keys.map((k) => (
                  <kbd key={k} className="min-w-7 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs text-slate-700">
                    {k}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
