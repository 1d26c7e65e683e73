/** RFC 4180 field: quoted when it holds a quote, comma, CR or LF, with quotes doubled. */
export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A UTF-8 byte-order mark, so spreadsheet tools read non-ASCII text correctly. */
export const UTF8_BOM = '\uFEFF';
