/**
 * Text that a spreadsheet would run as a formula when the file is opened: a leading =, +, -, @, tab or
 * carriage return (OWASP "CSV injection"), also behind leading white space (some importers trim it)
 * and in their full-width forms (＝＋－＠, which East Asian spreadsheets read as the ASCII signs).
 * A prompt titled `=HYPERLINK("http://…")` must not become a live link, or worse, in an admin's
 * spreadsheet.
 */
const FORMULA_START = /^'*(?:[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;

/**
 * RFC 4180 field: quoted when it holds a quote, comma, CR or LF, with quotes doubled. Text that a
 * spreadsheet would read as a formula gets a leading apostrophe, which spreadsheets show as plain text;
 * the JSON export keeps every value exactly as stored. Text that already starts with apostrophes before
 * such a sign gets one more, so `csvUnguard` (the import) can take exactly one away: `=x` is written
 * `'=x`, and `'=x` is written `''=x`, and both read back as they were.
 */
export function csvField(value: unknown): string {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = typeof value === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The import's inverse of the guard: one leading apostrophe goes from text the export guarded. */
export function csvUnguard(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}

export function csvRow(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A UTF-8 byte-order mark, so spreadsheet tools read non-ASCII text correctly. */
export const UTF8_BOM = '\uFEFF';
