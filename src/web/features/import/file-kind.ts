/** How much of a file is read to find its CSV header: far more than any header takes. */
const HEAD_BYTES = 64 * 1024;

/** The cells of a CSV header line (quoted names included), as the server reads them. */
export function csvHeader(text: string): string[] {
  const line = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return line.split(',').map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

/**
 * Whether the file has no place for AI applications, so its prompts need the one chosen on the
 * screen: a prompts.chat CSV (act, prompt, …) or an export CSV without the aiModels column. A JSON
 * export names them; a file that cannot be read is left for the server to judge.
 */
export async function namesNoAiApplication(file: File): Promise<boolean> {
  if (/\.json$/i.test(file.name)) return false;
  try {
    const header = csvHeader(await file.slice(0, HEAD_BYTES).text());
    if (header.includes('act') && header.includes('prompt')) return true;
    return header.includes('title') && header.includes('content') && !header.includes('aiModels');
  } catch {
    return false;
  }
}
