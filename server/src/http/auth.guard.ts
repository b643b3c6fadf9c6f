/**
 * Bearer-token authentication for route modules: `app.addHook('preHandler', requireUser(ctx))`, then
 * `request.user` holds the signed-in user's id and e-mail. Any missing, invalid or expired token, or a token of
 * a deleted user, answers 401 `{ error: 'Unauthorized', statusCode: 401 }` (spec section 8).
 * The check itself (signature, expiry, revocation, user) is ctx.tokens.authenticate, cached in memory
 * (modules/auth/token.cache.ts): a repeat request costs no HMAC and no database query.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { AppContext } from '../context.ts';
import { membershipOf } from '../modules/teams/team.repository.ts';
import type { TeamRole } from '../../../contract/teams.ts';
import { isApiKey } from '../modules/api-keys/api-key-auth.ts';

export interface AuthUser {
  id: string;
  email: string;
}

/**
 * The signed-in person and the account they act for (teams, issue 23): `accountId` is the team owner's user id
 * while the person is in a team (the team's plan, credits, jobs, uploads, API keys and webhooks), else `id`.
 */
export interface RequestUser extends AuthUser {
  accountId: string;
  /** The person's role in their team; null outside any team. */
  teamRole: TeamRole | null;
  /** True when the request authenticated with an API key (`tjk_...`) rather than a signed-in session's token. */
  viaApiKey: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: RequestUser;
  }
}

/** Reads `Authorization: Bearer <jwt>` and returns the user, or null. */
export async function authenticate(
  ctx: Pick<AppContext, 'tokens' | 'db'>,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  const bearer = bearerOf(request);
  return bearer ? ctx.tokens.authenticate(bearer) : null;
}

/** The credential of `Authorization: Bearer <credential>`, or null. */
function bearerOf(request: FastifyRequest): string | null {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/** A preHandler hook that rejects the request with 401 unless a valid bearer token is present. */
export function requireUser(ctx: Pick<AppContext, 'tokens' | 'db'>) {
  return async (request: FastifyRequest) => {
    const user = await authenticate(ctx, request);
    if (!user) throw new AppError('UNAUTHORIZED');
    const team = await membershipOf(ctx.db, user.id);
    request.user = {
      ...user,
      accountId: team?.ownerId ?? user.id,
      teamRole: team?.role ?? null,
      viaApiKey: isApiKey(bearerOf(request) ?? ''),
    };
  };
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/**
 * The account whose resources the request uses (jobs, uploads, tracks, credits, API keys, webhooks): the team
 * owner's id for a team member, else the user's own id. Another account's ids then answer 404 as before.
 */
export function currentAccount(request: FastifyRequest): string {
  return currentUser(request).accountId;
}
