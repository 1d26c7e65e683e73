import { Search, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Input } from '../../../components/ui/input';
import { useEchoTolerantText } from '../../../lib/text-input';

/**
 * A search field with its own labelled clear button (the browser's built-in one is hidden: one is
 * enough). Its text survives the URL catching up with a fast typist (see useEchoTolerantText).
 */
export function SearchBox({ value, onChange, label, children }: { value: string; onChange: (v: string) => void; label: string; children?: ReactNode }) {
  const [text, change] = useEchoTolerantText(value, onChange);
  return (
    // `children` sit beside the box, on its row (the Filters button on narrow screens).
    <div className="flex w-full items-center gap-2 sm:max-w-md">
      <div className="relative min-w-0 flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          data-page-search
          aria-keyshortcuts="/"
          aria-label={label}
          placeholder={label}
          value={text}
          onChange={(e) => change(e.target.value)}
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {text ? (
          <button
            type="button"
            onClick={() => change('')}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700"
            aria-label="Clear search"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {children}
    </div>
  );
}
