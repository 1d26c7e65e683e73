import { VARIABLE_NAME } from './template-variables';

/**
 * Other tools' placeholder styles turned into this library's `{{name}}` variables, for imports that
 * ask for it: `{name}`, `[NAME]` (capitals, not a Markdown link), `<name>` (not an HTML tag), `${name}`
 * and prompts.chat's `${name:default}` (whose default is kept). `{{name}}` variables already there stay
 * as they are; anything whose inside is not a variable name stays text.
 */

const HTML_TAGS = new Set(
  (
    'a abbr address article aside audio b blockquote body br button caption cite code col dd del details div dl dt em embed figure footer ' +
    'form h1 h2 h3 h4 h5 h6 head header hr html i iframe img input ins kbd label li link main mark meta nav ol option p pre q s ' +
    'script section select small source span strong style sub summary sup svg table tbody td textarea th thead title tr u ul var video'
  ).split(' '),
);

const PLACEHOLDER =
  /\{\{[^{}\n]*\}\}|\$\{([^{}\n:]{1,64})(?::([^{}\n]{0,200}))?\}|(?<!\{)\{([^{}\n]{1,64})\}(?!\})|\[([A-Z][A-Z0-9 _-]{1,63})\](?!\()|<([A-Za-z][A-Za-z0-9 _-]{0,63})>/g;

export interface ConvertedPlaceholders {
  text: string;
  /** Each converted variable once, in order, with the default `${name:default}` gave it. */
  variables: Array<{ name: string; default?: string }>;
}

export function convertPlaceholders(text: string): ConvertedPlaceholders {
  const variables = new Map<string, { name: string; default?: string }>();
  const converted = text.replace(PLACEHOLDER, (match, dollar?: string, fallback?: string, single?: string, square?: string, angle?: string) => {
    const raw = dollar ?? single ?? square ?? angle;
    if (raw === undefined) return match;
    const name = raw.trim();
    if (!VARIABLE_NAME.test(name) || (angle !== undefined && HTML_TAGS.has(name.toLowerCase()))) return match;
    if (!variables.has(name)) variables.set(name, fallback?.trim() ? { name, default: fallback.trim() } : { name });
    return `{{${name}}}`;
  });
  return { text: converted, variables: [...variables.values()] };
}
