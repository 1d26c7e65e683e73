import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '../../../components/ui/input';

/** A search field with its own labelled clear button (the browser's built-in one is hidden: one is enough). */
export function SearchBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  // The box keeps its own text: the value it is given comes back from the URL a moment later, and
  // binding the input to that would drop keys typed in between. A change from elsewhere (Back, a
  // shared link, Clear) still replaces the text.
  const [text, setText] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  const change = (next: string) => {
    sent.current = next;
    setText(next);
    onChange(next);
  };
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
