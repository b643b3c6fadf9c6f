/**
 * GET /auth/login/google (the web app's Google button navigates here) and GET /auth/google/callback, which
 * ends at `${PUBLIC_URL}/auth/callback?token=JWT` (spec section 2), or `?error=message` when sign-in failed.
 * Answers 503 when OIDC_ISSUER/OIDC_CLIENT_ID are not set. GET /v1/auth/providers says whether they are.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { createOidcClient, OidcError, type OidcClient } from './oidc.client.ts';
import { openPendingLogin, PENDING_LOGIN_TTL_SECONDS, sealPendingLogin, signInWithGoogle } from './google.service.ts';

const COOKIE = 'tarjama_oidc';
const COOKIE_PATH = '/auth/google';

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function setPendingCookie(reply: FastifyReply, value: string, maxAgeSeconds: number, secure: boolean): void {
  // SameSite=Lax: the provider brings the browser back with a top-level GET, which Lax cookies accompany.
  reply.header(
    'Set-Cookie',
    `${COOKIE}=${encodeURIComponent(value)}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

export async function googleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const settings = ctx.config.app.oidc;
  const client: OidcClient | undefined = settings ? createOidcClient(settings) : undefined;
  const publicUrl = () => ctx.config.app.publicUrl;
  const secure = () => publicUrl().startsWith('https:');
  const redirectUri = () => `${publicUrl()}${COOKIE_PATH}/callback`;

  const requireClient = (): OidcClient => {
    if (!client) throw new AppError('GOOGLE_NOT_CONFIGURED');
    return client;
  };

  // Public: the sign-in forms show the Google button only when it can work (issue 22 item 11).
  app.get('/v1/auth/providers', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { google: Boolean(client) };
  });

  app.get('/auth/login/google', async (_request, reply) => {
    const oidc = requireClient();
    try {
      const { url, pending } = await oidc.start(redirectUri());
      setPendingCookie(reply, await sealPendingLogin(ctx.secret, pending), PENDING_LOGIN_TTL_SECONDS, secure());
      return reply.redirect(url.href, 302);
    } catch (err) {
      if (err instanceof OidcError) {
        ctx.logger.warn({ err }, 'Google sign-in could not start');
        throw new AppError('GOOGLE_SIGN_IN_UNAVAILABLE');
      }
      throw err;
    }
  });

  app.get('/auth/google/callback', async (request, reply) => {
    const oidc = requireClient();
    setPendingCookie(reply, '', 0, secure()); // single use, whatever happens next
    const fail = (message: string) =>
      reply.redirect(`${publicUrl()}/auth/callback?error=${encodeURIComponent(message)}`, 302);
    const pending = await openPendingLogin(ctx.secret, cookieOf(request, COOKIE));
    if (!pending) return fail('Your Google sign-in expired or was started in another browser. Please try again.');
    try {
      const identity = await oidc.finish(new URL(request.url, `${publicUrl()}/`), pending);
      const { token } = await signInWithGoogle(ctx, identity);
      return reply.redirect(`${publicUrl()}/auth/callback?token=${encodeURIComponent(token)}`, 302);
    } catch (err) {
      if (err instanceof OidcError || (err instanceof AppError && err.status < 500)) {
        ctx.logger.warn({ err }, 'Google sign-in failed');
        return fail(err.message);
      }
      ctx.logger.error({ err }, 'Google sign-in failed');
      return fail('Sign-in with Google failed. Please try again.');
    }
  });
}
