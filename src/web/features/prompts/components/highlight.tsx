import { Fragment } from 'react';

/**
 * Marks the words of the search, and words starting with them, inside a text, so "art" marks "Art"
 * and "artist" but not "start". It follows the server's word-prefix rule, not its stemming: a word
 * found only through its stem ("summaries" finding "summary") is not marked.
 */
export function Highlight({ text, search }: { text: string; search: string }) {
  const words = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 0);
  if (!words.length) return <>{text}</>;
  // Longest first, so that "meet meeting" marks all of "meeting", not just its "meet".
  const escaped = [...words].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
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
