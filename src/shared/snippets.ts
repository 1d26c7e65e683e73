/**
 * Snippets in a text: `{{> name}}` includes the snippet called `name` (letters, digits, `-`, `_`; any
 * case). Expanding puts each snippet's text in its place, and the snippets those include, at most
 * MAX_SNIPPET_DEPTH levels deep. `\{{` stays as written (a literal `{{` for the template that follows).
 * Expansion runs before variables are read, so a snippet's `{{variables}}` become the prompt's own.
 * Zod-free and shared: the server expands for the runner, render and MCP; the form checks names.
 */

export const SNIPPET_NAME = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_SNIPPET_DEPTH = 3;
/** An expanded text longer than this is refused: snippets inside snippets multiply. */
export const MAX_EXPANDED_LENGTH = 200_000;

// The same pattern as the database's links (migration 0034): six ASCII spaces, not \s, which in
// JavaScript also takes Unicode spaces that PostgreSQL's does not.
const INCLUSION = /\\\{\{|\{\{>[ \t\n\r\f\v]*([A-Za-z0-9_-]{1,64})[ \t\n\r\f\v]*\}\}/g;

export interface SnippetText {
  name: string;
  content: string;
}

export type SnippetProblem = { kind: 'missing'; name: string } | { kind: 'loop'; path: string[] } | { kind: 'tooDeep'; path: string[] } | { kind: 'tooLong' };

/** The snippet names a text includes directly, in order of first appearance, as written. */
export function includedSnippetNames(text: string): string[] {
  const seen = new Map<string, string>();
  for (const match of text.matchAll(INCLUSION)) {
    const name = match[1];
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

/** `text` with every inclusion of `from` (in any case) naming `to` instead; escaped ones stay as written. */
export function renameInclusion(text: string, from: string, to: string): string {
  const wanted = from.toLowerCase();
  return text.replace(INCLUSION, (match, name?: string) => (name !== undefined && name.toLowerCase() === wanted ? `{{> ${to}}}` : match));
}

/** One sentence naming what keeps a text from expanding. */
export function snippetProblemMessage(problem: SnippetProblem): string {
  switch (problem.kind) {
    case 'missing':
      return `The snippet “${problem.name}” does not exist or is not shared with you`;
    case 'loop':
      return `Snippets include each other in a loop: ${problem.path.join(' → ')}`;
    case 'tooDeep':
      return `Snippets are included more than ${MAX_SNIPPET_DEPTH} levels deep: ${problem.path.join(' → ')}`;
    default:
      return `With its snippets the text would be longer than ${MAX_EXPANDED_LENGTH.toLocaleString('en-US')} characters`;
  }
}

/**
 * The text with every inclusion replaced by its snippet's text, expanded in turn. `lookup` finds a
 * snippet by its name in lower case (undefined: missing). A snippet's own text is checked with its
 * name as `path` (reaching it again is a loop; it counts as a level) and, as `levelsAbove`, how deep
 * the snippets that include it already go, so that no prompt ends up more than MAX_SNIPPET_DEPTH deep.
 */
export function expandSnippets(
  text: string,
  lookup: (lowerName: string) => SnippetText | undefined,
  { path = [], levelsAbove = 0 }: { path?: readonly string[]; levelsAbove?: number } = {},
): { text: string; problem: SnippetProblem | null } {
  let problem: SnippetProblem | null = null;
  let budget = MAX_EXPANDED_LENGTH - text.length;
  const expand = (body: string, trail: readonly string[]): string =>
    body.replace(INCLUSION, (whole, name: string | undefined) => {
      if (!name || problem) return whole;
      const snippet = lookup(name.toLowerCase());
      if (!snippet) {
        problem = { kind: 'missing', name };
        return whole;
      }
      const next = [...trail, snippet.name];
      if (trail.some((n) => n.toLowerCase() === name.toLowerCase())) {
        problem = { kind: 'loop', path: next };
        return whole;
      }
      if (next.length + levelsAbove > MAX_SNIPPET_DEPTH) {
        problem = { kind: 'tooDeep', path: next };
        return whole;
      }
      // Each replacement grows the text by its snippet's text less the inclusion: counted before
      // going in, so the total is exact and a runaway stops before it is built.
      budget -= snippet.content.length - whole.length;
      if (budget < 0) {
        problem = { kind: 'tooLong' };
        return whole;
      }
      return expand(snippet.content, next);
    });
  const expanded = expand(text, path);
  return { text: problem ? text : expanded, problem };
}
