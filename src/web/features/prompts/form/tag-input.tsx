import type { ControlProps } from '../../../components/ui/form-field';
import { MultiCombobox } from '../../../components/ui/combobox-multi';
import { addTag } from './tag-rules';

interface Props extends Partial<ControlProps> {
  value: string[];
  onChange: (tags: string[]) => void;
  known: string[];
  placeholder?: string | null;
}

/**
 * Tags as chips: known tags are offered as you type and keep their spelling; a new one is added as typed.
 * Enter, comma or leaving the box adds what was typed, so a tag is never lost on the way to Save.
 */
export function TagInput({ id, value, onChange, known, placeholder, ...aria }: Props) {
  const create = (typed: string) => {
    const next = addTag(value, typed, known);
    if (next) onChange(next);
  };
  return (
    <MultiCombobox
      id={id}
      {...aria}
      options={known}
      value={value}
      onChange={onChange}
      onCreate={create}
      placeholder={placeholder ?? 'Add a tag and press Enter'}
      removeLabel={(tag) => `Remove tag ${tag}`}
      chosenLabel="Selected tags"
      commitOnBlur
      separators={[',']}
    />
  );
}
