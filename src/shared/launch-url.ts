/**
 * Launch URLs open an AI application with a prompt already typed: an https address in which `{prompt}`
 * stands for the URL-encoded text, e.g. `https://chatgpt.com/?q={prompt}`. Home URLs open an
 * application that cannot be given the text in its address: the text is copied instead. Zod-free and
 * shared: the server checks what admins save, the client builds the address.
 */

export const PROMPT_PLACEHOLDER = '{prompt}';
/** Longer addresses are cut or refused by browsers and servers; past this the text is copied instead. */
export const MAX_LAUNCH_URL_LENGTH = 8_000;

/** Why a launch URL cannot be saved, or null when it can. */
export function launchUrlProblem(template: string): string | null {
  if (!template.startsWith('https://')) return 'Launch URL must start with https://';
  let url: URL;
  try {
    url = new URL(template.replaceAll(PROMPT_PLACEHOLDER, 'x'));
  } catch {
    return 'Launch URL is not a valid address';
  }
  if (url.protocol !== 'https:' || !url.hostname || /\s/.test(template)) return 'Launch URL is not a valid address';
  if (!template.includes(PROMPT_PLACEHOLDER)) return 'Launch URL must contain {prompt}, where the prompt text goes';
  if (template.indexOf(PROMPT_PLACEHOLDER) < template.indexOf(url.host) + url.host.length) return 'Launch URL must put {prompt} after the host name';
  return null;
}

/**
 * Why a home URL cannot be saved, or null when it can. A home URL is where "Copy & open" takes the
 * person once the text is on their clipboard: opened as it is, so it holds no `{prompt}`.
 */
export function homeUrlProblem(address: string): string | null {
  if (!address.startsWith('https://')) return 'Home URL must start with https://';
  if (address.includes(PROMPT_PLACEHOLDER)) return 'Home URL is opened as it is: an address with {prompt} belongs in Launch URL';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'Home URL is not a valid address';
  }
  if (url.protocol !== 'https:' || !url.hostname || /\s/.test(address)) return 'Home URL is not a valid address';
  // A user name in an address is how look-alike links hide their real host ("https://app.example@evil.test").
  if (url.username || url.password) return 'Home URL must not contain a user name or password';
  return null;
}

/**
 * Where "Open in …" goes: the template with the text, or, when that address would be too long, the
 * application's home URL, else its own address (`fits: false`, and the caller copies the text for the
 * person to paste).
 */
export function launchTarget(template: string, text: string, homeUrl?: string | null): { url: string; fits: boolean } {
  const url = template.replaceAll(PROMPT_PLACEHOLDER, encodeURIComponent(text));
  if (url.length <= MAX_LAUNCH_URL_LENGTH) return { url, fits: true };
  return { url: homeUrl ?? `${new URL(template.replaceAll(PROMPT_PLACEHOLDER, '')).origin}/`, fits: false };
}
