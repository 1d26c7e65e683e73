import { Fragment } from 'react';

/**
 * Marks the words of the search, and words starting with them, inside a text: the same whole-word and
 * prefix rule the server searches by, so "art" marks "Art" and "artist" but not "start".
 */
export function Highlight({ text, search }: { text: string; search: string }) {
  const words = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 0);
  if (!words.length) return <>{text}</>;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = text.split(new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join('|')})`, 'giu'));
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="search-hit">
            {part}
          </mark>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
