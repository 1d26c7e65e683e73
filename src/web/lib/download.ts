/**
 * Hands a one-time download link to the browser, which saves the file itself: a large export streams
 * to disk and never sits in the page's memory (and a bearer header cannot ride on a plain download).
 */
export function startDownload(url: string, filename?: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  // A file made in the page (a blob: URL) needs its name; a server's link names its own.
  if (filename) a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
}
