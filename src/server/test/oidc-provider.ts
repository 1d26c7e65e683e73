import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type AdapterPayload } from 'oidc-provider';

/**
 * A real OpenID provider (panva's oidc-provider) on 127.0.0.1 and a random port, for the single
 * sign-on tests: discovery, PKCE, signed ID tokens, userinfo, and its development login page, which
 * signs in whatever account id is typed with any password.
 */

/** What the provider says about a person. Claims left out are not released at all. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  /** The role claim (scope `groups`): a string or a list. */
  groups?: string | string[];
  /** The unit claim (scope `profile`). */
  department?: string;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** Registers (or replaces) a client; its redirect URI is usually known only once the app listens. */
  addClient(client: TestClient): void;
  /** Adds or replaces an account; its claims apply from the next sign-in. */
  setAccount(account: TestAccount): void;
  /** While unreachable, every connection is dropped unanswered, as if the provider were down. */
  setReachable(reachable: boolean): void;
  stop(): Promise<void>;
}

/** The cast used by the tests: roles in `groups`, the business unit in `department`. */
export const TEST_ACCOUNTS: readonly TestAccount[] = [
  {
    sub: 'ada',
    email: 'ada@example.com',
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    groups: ['staff', 'prompt-admins'],
    department: 'Research',
  },
  { sub: 'eve', email: 'eve@example.com', email_verified: true, given_name: 'Eve', family_name: 'Editor', groups: 'prompt-editors', department: 'Legal' },
  { sub: 'rita', email: 'rita@example.com', email_verified: true, given_name: 'Rita', family_name: 'Reader', groups: ['staff'], department: 'Sales' },
  { sub: 'nora', email: 'nora@example.com', email_verified: true, given_name: 'Nora', family_name: 'Nounit', groups: ['prompt-editors'] },
  { sub: 'uma', email: 'uma@example.com', email_verified: false, given_name: 'Uma', family_name: 'Unverified', department: 'Research' },
  { sub: 'nemo', given_name: 'Nemo', family_name: 'Noemail', department: 'Research' },
];

/** The settings an app needs to use this provider with the cast above. */
export function oidcSettingsFor(issuer: string, client: { clientId: string; clientSecret: string }, overrides: Record<string, unknown> = {}) {
  return {
    issuer,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    displayName: 'Test Identity',
    scopes: 'openid email profile groups',
    roleClaim: 'groups' as string | undefined,
    adminValues: ['prompt-admins'],
    editValues: ['prompt-editors'],
    unitClaim: 'department' as string | undefined,
    only: false,
    discoveryRetryMs: 2_000,
    ...overrides,
  };
}

/**
 * In-memory storage for the provider's grants, sessions and codes, which also serves the clients
 * added after start (the app's redirect URI includes a port chosen at random).
 */
function memoryAdapter(clients: Map<string, AdapterPayload>) {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt <= Date.now()) store.delete(key);
    return store.get(key)?.payload;
  };
  return (model: string) => ({
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      store.set(`${model}:${id}`, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      if (model === 'Session' && typeof payload.uid === 'string') store.set(`uid:${payload.uid}`, { payload, expiresAt: Infinity });
    },
    async find(id: string) {
      return model === 'Client' ? clients.get(id) : live(`${model}:${id}`);
    },
    async findByUid(uid: string) {
      return live(`uid:${uid}`);
    },
    async findByUserCode() {
      return undefined;
    },
    async consume(id: string) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id: string) {
      store.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    },
  });
}

/** Starts a provider with the given accounts (the cast by default). */
export async function startOidcProvider(accounts: readonly TestAccount[] = TEST_ACCOUNTS): Promise<TestOidcProvider> {
  const people = new Map(accounts.map((a) => [a.sub, { ...a }]));
  const clients = new Map<string, AdapterPayload>();
  // The provider needs its issuer URL, which needs the port: it takes the requests once it exists.
  const target: { handle?: (req: IncomingMessage, res: ServerResponse) => void; reachable: boolean } = { reachable: true };
  const server: Server = createServer((req, res) => {
    if (target.reachable && target.handle) target.handle(req, res);
    else req.socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    adapter: memoryAdapter(clients),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'department'],
      groups: ['groups'],
    },
    features: { devInteractions: { enabled: true } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ ...people.get(sub) }) };
    },
    // The app is a first-party client: no consent screen, every requested scope is granted.
    async loadExistingGrant(ctx) {
      const { client, session, params, provider: op } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new op.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(String(params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
  });
  target.handle = provider.callback();

  return {
    issuer,
    addClient({ clientId, clientSecret, redirectUri }) {
      clients.set(clientId, {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      });
    },
    setAccount(account) {
      people.set(account.sub, { ...account });
    },
    setReachable(value) {
      target.reachable = value;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the browser at the provider: follows the authorization URL, fills the development login page
 * with `login`, and returns the URL the provider finally sends the browser to (the app's callback,
 * with `code` and `state`, or with `error`). Cookies are kept for this one sign-in only.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  const send = async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return res;
  };
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 10; step++) {
    const res = await send(url, init);
    init = {};
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next.toString();
      url = next.toString();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !html.includes('name="login"'))
      throw new Error(`unexpected page from the provider: ${res.status} ${html.slice(0, 500)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString(),
    };
  }
  throw new Error('the provider redirected too many times');
}
