import type { PromptListItem } from '../../../../shared/schemas/prompts';
import { Highlight } from './highlight';
import { plainPreview } from './plain-preview';

/** The server marks matched words in a snippet between these characters (never present in content). */
const MARK_START = String.fromCharCode(2);
const MARK_END = String.fromCharCode(3);

/** A snippet as text runs with the matched words in <mark>; no HTML from the server is ever injected. */
export function Snippet({ text }: { text: string }) {
  const parts: Array<{ text: string; hit: boolean }> = [];
  // "a\u0002b\u0003c" splits on the start mark into "a" and "b\u0003c"; each later piece holds one hit.
  text.split(MARK_START).forEach((piece, i) => {
    const end = i === 0 ? -1 : piece.indexOf(MARK_END);
    if (end < 0) return void (piece && parts.push({ text: piece, hit: false }));
    parts.push({ text: piece.slice(0, end), hit: true });
    if (end + 1 < piece.length) parts.push({ text: piece.slice(end + 1), hit: false });
  });
  return (
    <>
      {parts.map((p, i) =>
        p.hit ? (
          <mark key={i} className="search-hit">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/**
 * A one-line cell cuts text at its end, so the snippet starts a few words before its first match:
 * the matched word is always on screen.
 */
export function leadUpToFirstHit(text: string, wordsBefore = 4): string {
  const at = text.indexOf(MARK_START);
  if (at < 0) return text;
  const before = text.slice(0, at).split(' ').filter(Boolean);
  if (before.length <= wordsBefore) return text;
  return `… ${before.slice(-wordsBefore).join(' ')} ${text.slice(at)}`;
}

/** Under a prompt's title: with a search, the content around the match; otherwise the start, as plain text. */
export function PreviewLine({ item, search }: { item: PromptListItem; search: string }) {
  if (item.snippet) return <Snippet text={leadUpToFirstHit(plainPreview(item.snippet))} />;
  return <Highlight text={plainPreview(item.contentPreview)} search={search} />;
}
