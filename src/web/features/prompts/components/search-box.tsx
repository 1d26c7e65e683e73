import { Search, X } from 'lucide-react';
import { Input } from '../../../components/ui/input';
import { useEchoTolerantText } from '../../../lib/text-input';

/**
 * A search field with its own labelled clear button (the browser's built-in one is hidden: one is
 * enough). Its text survives the URL catching up with a fast typist (see useEchoTolerantText).
 */
export function SearchBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  const [text, change] = useEchoTolerantText(value, onChange);
  return (
    <div className="relative w-full sm:max-w-md">
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
  );
}
