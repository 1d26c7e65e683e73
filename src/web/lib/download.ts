/**
 * Hands a one-time download link to the browser, which saves the file itself: a large export streams
 * to disk and never sits in the page's memory (and a bearer header cannot ride on a plain download).
 */
export function startDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
