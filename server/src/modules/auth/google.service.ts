/**
 * "Continue with Google": keeps the pending login in a signed, short-lived value (for a cookie) and turns the
 * provider's identity into a Tarjama account and an access token. Linking rules:
 *   1. an account already linked to this Google subject signs in;
 *   2. otherwise the Google e-mail must be verified: an account with that e-mail is linked to the subject;
 *      if that account had never verified its e-mail, its password is dropped, because whoever chose it never
 *      proved they own the address (this stops an account pre-registered by someone else from being taken over);
 *   3. otherwise a new, verified account is created with the Free credits.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { createAccount } from '../users/users.service.ts';
import { findUserByEmail, findUserByGoogleSubject, updateUser, type UserRow } from '../users/user.repository.ts';
import type { OidcIdentity, PendingLogin } from './oidc.client.ts';

/** How long the browser has to come back from the provider, seconds. */
export const PENDING_LOGIN_TTL_SECONDS = 600;

const keyOf = (secret: string) => new TextEncoder().encode(`oidc-pending:${secret}`);

/** Signs the pending login (HS256, 10 minutes) so the browser can carry it without being able to change it. */
export function sealPendingLogin(secret: string, pending: PendingLogin): Promise<string> {
  return new SignJWT({ typ: 'oidc-pending', ...pending })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(`${PENDING_LOGIN_TTL_SECONDS}s`)
    .sign(keyOf(secret));
}

/** The pending login of a sealed value, or null when it is missing, altered or expired. */
export async function openPendingLogin(secret: string, sealed: string | undefined): Promise<PendingLogin | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtVerify(sealed, keyOf(secret), { algorithms: ['HS256'] });
    const { typ, state, nonce, codeVerifier } = payload as Record<string, unknown>;
    if (
      typ !== 'oidc-pending' ||
      typeof state !== 'string' ||
      typeof nonce !== 'string' ||
      typeof codeVerifier !== 'string'
    )
      return null;
    return { state, nonce, codeVerifier };
  } catch {
    return null;
  }
}

/**
 * Finds, links or creates the account of `identity` (rules above) and returns an access token for it.
 * @throws AppError GOOGLE_EMAIL_UNVERIFIED when the Google account has no verified e-mail, GOOGLE_ACCOUNT_CONFLICT when the e-mail's account is
 *   already linked to a different Google account.
 */
export async function signInWithGoogle(
  deps: Pick<AppContext, 'db' | 'tokens' | 'logger'>,
  identity: OidcIdentity,
): Promise<{ token: string; user: UserRow }> {
  let user = await findUserByGoogleSubject(deps.db, identity.subject);
  if (!user) {
    if (!identity.email || !identity.emailVerified) {
      throw new AppError('GOOGLE_EMAIL_UNVERIFIED');
    }
    user = await findUserByEmail(deps.db, identity.email);
    if (user) {
      if (user.googleSubject && user.googleSubject !== identity.subject) {
        throw new AppError('GOOGLE_ACCOUNT_CONFLICT');
      }
      const neverVerified = !user.emailVerifiedAt;
      user = await updateUser(deps.db, user.id, {
        googleSubject: identity.subject,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
        ...(neverVerified ? { passwordHash: null } : {}),
      });
      deps.logger.info({ userId: user?.id, droppedPassword: neverVerified }, 'Google account linked by verified email');
    } else {
      user = await createAccount(deps.db, {
        email: identity.email,
        fullName: identity.name?.trim() ?? '',
        passwordHash: null,
        emailVerifiedAt: new Date(),
        googleSubject: identity.subject,
      });
      // A concurrent first sign-in of the same person created it first.
      user ??= await findUserByGoogleSubject(deps.db, identity.subject);
    }
  }
  if (!user) throw new AppError('INTERNAL');
  return { token: await deps.tokens.issue(user.id), user };
}
