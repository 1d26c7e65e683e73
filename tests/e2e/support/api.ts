/** Seeding through the real HTTP API (no database shortcuts). */
export interface SeededUser {
  email: string;
  password: string;
  token: string;
  firstName: string;
  lastName: string;
}

let counter = 0;

export async function apiCall<T>(baseUrl: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function registerUser(baseUrl: string, overrides: Partial<Omit<SeededUser, 'token'>> & { businessUnit?: string } = {}): Promise<SeededUser> {
  counter++;
  const user = {
    email: overrides.email ?? `person${counter}.${Date.now()}@example.com`,
    // Not a common password: the server refuses those at sign-up.
    password: overrides.password ?? 'tester password 1',
    firstName: overrides.firstName ?? 'Pat',
    lastName: overrides.lastName ?? `Tester${counter}`,
    businessUnit: overrides.businessUnit ?? 'Engineering',
  };
  const res = await apiCall<{ token: string }>(baseUrl, 'POST', '/api/register', user);
  return { ...user, token: res.token };
}

/** Signs a page in by storing a token, as the app does after login. */
export async function signInWithToken(page: import('playwright-core').Page, token: string, path = '/all-prompts'): Promise<void> {
  await page.goto('/auth');
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  await page.goto(path);
}
