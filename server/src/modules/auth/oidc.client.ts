/**
 * The OpenID Connect adapter for "Continue with Google" (openid-client 6): authorization code flow with PKCE,
 * state and nonce. Generic on purpose: it talks to any issuer (Google's is https://accounts.google.com), so the
 * whole flow is tested against a local oidc-provider. Discovery runs on first use and is cached; a failed
 * discovery is retried on the next sign-in.
 */
import * as oidc from 'openid-client';

/** What has to survive the round trip to the provider (kept in a signed cookie by the caller). */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The person the provider signed in. */
export interface OidcIdentity {
  /** The provider's stable user id (`sub`). */
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export interface OidcClient {
  /** The provider's authorization URL for `redirectUri`, and what to keep until the callback. @throws OidcError */
  start(redirectUri: string): Promise<{ url: URL; pending: PendingLogin }>;
  /**
   * Checks the callback (state, issuer, code with the PKCE verifier, ID token and nonce) and returns the identity.
   * @throws OidcError with a user-readable message when the provider refused or anything does not match.
   */
  finish(callbackUrl: URL, pending: PendingLogin): Promise<OidcIdentity>;
}

/** A sign-in that did not work; `reachable: false` when the provider itself could not be reached. */
export class OidcError extends Error {
  constructor(
    message: string,
    readonly reachable = true,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcError';
  }
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** Absent: a public client (PKCE only). */
  clientSecret?: string;
}

/** Plain http is allowed only for a provider on this machine (tests, local development). */
function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  const issuer = new URL(settings.issuer);
  let configuration: Promise<oidc.Configuration> | undefined;

  const discover = (): Promise<oidc.Configuration> => {
    configuration ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None(),
        isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err) => {
        configuration = undefined;
        throw new OidcError(`The sign-in provider at ${issuer.origin} could not be reached.`, false, { cause: err });
      });
    return configuration;
  };

  return {
    async start(redirectUri) {
      const config = await discover();
      const pending: PendingLogin = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, pending };
    },

    async finish(callbackUrl, pending) {
      const config = await discover();
      const providerError = callbackUrl.searchParams.get('error');
      if (providerError) {
        const description = callbackUrl.searchParams.get('error_description');
        throw new OidcError(
          providerError === 'access_denied'
            ? 'Sign-in with Google was cancelled.'
            : `Sign-in with Google failed: ${description ?? providerError}.`,
        );
      }
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        throw new OidcError('Sign-in with Google could not be completed. Please try again.', true, { cause: err });
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcError('The sign-in provider sent no ID token.');
      let info: Record<string, unknown> = { ...claims };
      // Google puts email in the ID token; other providers (oidc-provider by default) only at the userinfo endpoint.
      if (typeof info.email !== 'string')
        info = { ...info, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      return {
        subject: claims.sub,
        email: typeof info.email === 'string' ? info.email.trim().toLowerCase() : undefined,
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        name: typeof info.name === 'string' ? info.name : undefined,
      };
    },
  };
}
