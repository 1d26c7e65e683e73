import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { addTag } from './tag-rules';

interface Props {
  id?: string;
  value: string[];
  onChange: (tags: string[]) => void;
  known: string[];
  placeholder?: string | null;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Type a tag and press Enter or comma; known tags are suggested and keep their spelling. */
export function TagInput({ id, value, onChange, known, placeholder, ...aria }: Props) {
  const [typed, setTyped] = useState('');
  const listId = useId();
  const commit = () => {
    const next = addTag(value, typed, known);
    if (next) onChange(next);
    setTyped('');
  };
  return (
    <div className="space-y-2">
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected">
          {value.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-700 ring-1 ring-brand-200">
              {tag}
              <button type="button" onClick={() => onChange(value.filter((t) => t !== tag))} className="rounded-full p-0.5 hover:bg-brand-100" aria-label={`Remove ${tag}`}>
                <X className="h-3 w-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id}
        list={listId}
        value={typed}
        placeholder={placeholder ?? 'Add a tag and press Enter'}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ',') {
            e.preventDefault();
            commit();
          } else if (e.key === 'Backspace' && !typed && value.length) {
            onChange(value.slice(0, -1));
          }
        }}
        onBlur={() => typed.trim() && commit()}
        {...aria}
      />
      <datalist id={listId}>
        {known
          .filter((k) => !value.some((v) => v.toLowerCase() === k.toLowerCase()))
          .slice(0, 200)
          .map((k) => (
            <option key={k} value={k} />
          ))}
      </datalist>
    </div>
  );
}
