import { useLayoutEffect, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';

type Tone = 'neutral' | 'brand' | 'blue';

/** "+2", with "2 more: a, b" for a screen reader and as the tooltip. */
function MoreBadge({ hidden }: { hidden: string[] }) {
  const words = `${hidden.length} more: ${hidden.join(', ')}`;
  return (
    <Badge tone="grey" className="shrink-0" title={words}>
      <span aria-hidden="true">+{hidden.length}</span>
      <span className="sr-only">{words}</span>
    </Badge>
  );
}

export function Chips({ values, tone = 'neutral', max }: { values: string[]; tone?: Tone; max?: number }) {
  const shown = max ? values.slice(0, max) : values;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((v) => (
        <Badge key={v} tone={tone} className="max-w-[12rem] truncate" title={v} dir="auto">
          {v}
        </Badge>
      ))}
      {max && values.length > max ? <MoreBadge hidden={values.slice(max)} /> : null}
    </span>
  );
}

/** The gap between chips (Tailwind's gap-1), in pixels. */
const GAP = 4;

/** Whether chips of these widths, placed as flex-wrap places them, take at most `lines` lines. */
function fitsIn(widths: number[], width: number, lines: number, gap: number): boolean {
  let line = 1;
  let x = 0;
  for (const w of widths) {
    if (w > width) return false;
    if (x === 0) x = w;
    else if (x + gap + w <= width) x += gap + w;
    else if (++line > lines) return false;
    else x = w;
  }
  return true;
}

/**
 * Which chips to show whole in `lines` lines of `width` pixels: all of them if they fit, else, in
 * their order, each one that still fits with room for the "+N" badge after it. A chip too long for
 * the cell is left to "+N" while shorter ones after it still show.
 */
export function fitChips(widths: number[], more: number, width: number, lines: number, gap = GAP): number[] {
  const all = widths.map((_, i) => i);
  if (fitsIn(widths, width, lines, gap)) return all;
  const shown: number[] = [];
  for (const i of all) {
    if (fitsIn([...shown, i].map((k) => widths[k]!).concat(more), width, lines, gap)) shown.push(i);
  }
  return shown;
}

/**
 * Chips in a cell of fixed size (the list table): as many whole chips as fit in `lines` lines, then
 * "+N" naming the rest, never a chip cut mid-word. A hidden copy of every chip is measured, again
 * whenever the cell changes size.
 */
export function FittingChips({ values, tone = 'neutral', lines = 2 }: { values: string[]; tone?: Tone; lines?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<number[]>(() => values.map((_, i) => i));
  const key = values.join('\u0000');
  useLayoutEffect(() => {
    const cell = box.current;
    const copy = measure.current;
    if (!cell || !copy) return;
    const fit = () => {
      const widths = [...copy.children].map((c) => Math.ceil(c.getBoundingClientRect().width));
      const more = widths.pop() ?? 0;
      const next = fitChips(widths, more, cell.clientWidth, lines);
      setShown((prev) => (prev.join() === next.join() ? prev : next));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(cell);
    return () => observer.disconnect();
  }, [key, lines]);
  // Until the new values are measured (before the screen is painted), indexes beyond them are dropped.
  const visible = shown.filter((i) => i < values.length);
  return (
    <div ref={box} className="relative flex min-w-0 flex-wrap content-center gap-1 overflow-hidden">
      {visible.map((i) => (
        <Badge key={values[i]} tone={tone} className="shrink-0" dir="auto">
          {values[i]}
        </Badge>
      ))}
      {visible.length < values.length ? <MoreBadge hidden={values.filter((_, i) => !visible.includes(i))} /> : null}
      <div ref={measure} aria-hidden="true" className="pointer-events-none invisible absolute top-0 left-0 flex w-max gap-1">
        {values.map((v) => (
          <Badge key={v} tone={tone} dir="auto">
            {v}
          </Badge>
        ))}
        <Badge tone="grey">+{values.length}</Badge>
      </div>
    </div>
  );
}
