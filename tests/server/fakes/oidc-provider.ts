/**
 * A real OpenID Connect provider (oidc-provider 9) on a random loopback port, standing in for Google in tests.
 * Its development interactions (a login form taking any account id, then a consent form) are driven by
 * `signInThroughProvider`, which follows the browser's redirects with a cookie jar, as a browser would.
 */
import http from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';

export interface ProviderAccount {
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export interface FakeOidcProvider {
  /** e.g. http://127.0.0.1:40123 (use as OIDC_ISSUER). */
  issuer: string;
  /** Accounts by `sub`; tests add to it at any time. */
  accounts: Map<string, ProviderAccount>;
  /** Creates the provider with one confidential client (client_secret_post) allowed to return to `redirectUri`. */
  configure(client: { clientId: string; clientSecret: string; redirectUri: string }): Promise<void>;
  close(): Promise<void>;
}

export async function startOidcProvider(): Promise<FakeOidcProvider> {
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end('provider not configured yet');
  };
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const accounts = new Map<string, ProviderAccount>();

  return {
    issuer,
    accounts,
    async configure({ clientId, clientSecret, redirectUri }) {
      // oidc-provider ships no type declarations: import it through a non-literal specifier (typed any).
      const specifier: string = 'oidc-provider';
      const { default: Provider } = await import(specifier);
      // Own signing key (RS256, the ID-token algorithm Google uses) instead of the library's development keys.
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'fake-oidc-key' };
      const provider = new Provider(issuer, {
        jwks: { keys: [signingKey] },
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            token_endpoint_auth_method: 'client_secret_post',
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        async findAccount(_ctx: unknown, id: string) {
          const account = accounts.get(id);
          if (!account) return undefined;
          return {
            accountId: id,
            claims: async () => ({
              sub: id,
              email: account.email,
              email_verified: account.emailVerified,
              name: account.name,
            }),
          };
        },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        features: { devInteractions: { enabled: true } },
        pkce: { required: () => true },
        cookies: { keys: ['fake-oidc-provider-cookie-key'] },
      });
      provider.on('server_error', () => {});
      handler = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive connections of fetch would hold close() for seconds
      }),
  };
}

/** A minimal cookie jar for one test browser: name -> value, all hosts (ports do not separate cookies). */
class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export interface BrowserRun {
  /** The URL the browser ended on (the first one outside the provider and the app's /auth/google/ API). */
  finalUrl: URL;
  jar: CookieJar;
}

/**
 * Plays the browser: opens `startUrl`, follows redirects, and on the provider's development pages signs in as
 * `accountId` and grants consent. Stops at the first URL that is neither the provider nor a redirect.
 * `tamper` may change the jar right before the browser returns to the app (to test a lost or altered cookie).
 */
export async function signInThroughProvider(
  startUrl: string,
  issuer: string,
  accountId: string,
  tamper?: (jar: CookieJar) => void,
): Promise<BrowserRun> {
  const jar = new CookieJar();
  let url = new URL(startUrl);
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (tamper && url.pathname === '/auth/google/callback') tamper(jar);
    const res = await fetch(url, { method, body, redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    method = 'GET';
    body = undefined;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    if (url.href.startsWith(issuer) && res.status === 200) {
      const html = await res.text();
      const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
      const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page at ${url.pathname}`);
      url = new URL(action.replace(/&amp;/g, '&'), url);
      method = 'POST';
      body = new URLSearchParams(prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt });
      continue;
    }
    return { finalUrl: url, jar };
  }
  throw new Error('too many redirects');
}
