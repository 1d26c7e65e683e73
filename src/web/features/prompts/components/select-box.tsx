interface Props {
  label: string;
  checked: boolean | 'indeterminate';
  /** `range` is true for a shift-click or shift+Space: the rows from the last one clicked to this one. */
  onToggle: (range: boolean) => void;
  id?: string;
}

/**
 * A list row's selection box: a native checkbox drawn like the kit's (the `select-box` style), as it is
 * on every row of the first screen and must weigh next to nothing. Named for screen readers only, since
 * the row says what it is. Space clicks it, and the click carries Shift like a shift-click.
 */
export function SelectBox({ label, checked, onToggle, id }: Props) {
  return (
    <input
      type="checkbox"
      id={id}
      className="select-box"
      aria-label={label}
      checked={checked === true}
      ref={(box) => {
        if (box) box.indeterminate = checked === 'indeterminate';
      }}
      onChange={(event) => onToggle((event.nativeEvent as MouseEvent).shiftKey)}
    />
  );
}
