/**
 * Sign-up, e-mail verification, sign-in, sign-out and password reset (spec sections 4, 5, 7, 8).
 * Rules (issue 2): codes are 6 digits, valid 10 minutes, dead after 5 wrong tries; reset tokens are 32 random
 * bytes, valid 1 hour, single use; codes and tokens are stored hashed; sign-in needs a verified e-mail.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { createAccount, toUserResponse, type UserResponse } from '../users/users.service.ts';
import { findUserByEmail, updateUser } from '../users/user.repository.ts';
import { hashPassword, verifyPassword } from './password.service.ts';
import { generateCode, generateResetToken, hashOneTimeSecret, sameHash } from './one-time-secret.service.ts';
import { consumeCode, latestLiveCode, recordWrongAttempt, replaceCode, VERIFY_EMAIL_PURPOSE } from './email-code.repository.ts';
import { findResetToken, insertResetToken, retireResetTokensOf, useResetToken } from './reset-token.repository.ts';
import { resetPasswordMail, verificationCodeMail } from './auth.mails.ts';
import type { LoginRequest, ResetPasswordRequest, SignupRequest, VerifyEmailRequest } from './auth.schemas.ts';

export const CODE_TTL_MINUTES = 10;
export const MAX_WRONG_CODES = 5;
export const RESET_TOKEN_TTL_MINUTES = 60;

export const MESSAGES = {
  signedUp: 'Account created. Please check your email for a verification code.',
  verified: 'Your email has been verified. Please sign in to continue.',
  resent: 'A new verification code has been sent to your email.',
  resetRequested: 'If an account with that email exists, a password reset link has been sent.',
  passwordReset: 'Your password has been reset successfully. Please sign in.',
  signedOut: 'Successfully signed out',
} as const;

/** The adapters the account calls use. */
export type AuthDeps = Pick<AppContext, 'db' | 'mailer' | 'logger' | 'secret' | 'tokens' | 'config'>;

const codeHash = (deps: AuthDeps, userId: string, code: string) => hashOneTimeSecret(deps.secret, `${VERIFY_EMAIL_PURPOSE}:${userId}`, code);
const resetHash = (deps: AuthDeps, token: string) => hashOneTimeSecret(deps.secret, 'password_reset', token);

/**
 * Stores a fresh code for the user (earlier ones stop working) and e-mails it. The code is logged only when
 * mails go to the local outbox (the embedded default has no mail server; the log is where a developer finds it).
 */
async function sendNewCode(deps: AuthDeps, user: { id: string; email: string; fullName: string }): Promise<void> {
  const code = generateCode();
  await replaceCode(deps.db, {
    userId: user.id,
    purpose: VERIFY_EMAIL_PURPOSE,
    codeHash: codeHash(deps, user.id, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
  });
  await deps.mailer.send(verificationCodeMail(user.email, user.fullName, code, CODE_TTL_MINUTES));
  if (deps.mailer.kind === 'outbox') deps.logger.info({ email: user.email, code }, 'verification code (outbox mailer)');
}

/**
 * Creates an unverified account with its Free credits and e-mails a verification code.
 * @throws AppError EMAIL_TAKEN (409) when the e-mail already has an account; nothing is changed then.
 * A mail server failure is logged and does not undo the account: the user can ask for a new code.
 */
export async function signup(deps: AuthDeps, input: SignupRequest): Promise<UserResponse> {
  if (await findUserByEmail(deps.db, input.email)) throw new AppError('EMAIL_TAKEN');
  const passwordHash = await hashPassword(input.password);
  const user = await createAccount(deps.db, { email: input.email, fullName: input.full_name, passwordHash, emailVerifiedAt: null });
  if (!user) throw new AppError('EMAIL_TAKEN'); // a concurrent sign-up with the same e-mail won
  try {
    await sendNewCode(deps, user);
  } catch (err) {
    deps.logger.error({ err, email: user.email }, 'could not send the verification code');
  }
  return toUserResponse(deps.db, user);
}

/**
 * Checks the e-mailed code and marks the e-mail verified.
 * @throws AppError INVALID_OTP (wrong code, unknown e-mail, no live code), OTP_EXPIRED (older than 10 minutes),
 *   OTP_TOO_MANY_ATTEMPTS (5 wrong codes: the code is dead, even the right one), ALREADY_VERIFIED.
 */
export async function verifyEmail(deps: AuthDeps, input: VerifyEmailRequest): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw new AppError('INVALID_OTP');
  if (user.emailVerifiedAt) throw new AppError('ALREADY_VERIFIED');
  const code = await latestLiveCode(deps.db, user.id, VERIFY_EMAIL_PURPOSE);
  if (!code) throw new AppError('INVALID_OTP', 'No verification code is pending for this email. Please request a new one.');
  if (code.attempts >= MAX_WRONG_CODES) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
  if (code.expiresAt.getTime() <= Date.now()) throw new AppError('OTP_EXPIRED');
  if (!sameHash(code.codeHash, codeHash(deps, user.id, input.otp))) {
    const attempts = await recordWrongAttempt(deps.db, code.id, MAX_WRONG_CODES);
    if (attempts === null) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
    const left = MAX_WRONG_CODES - attempts;
    if (left === 0) throw new AppError('INVALID_OTP', 'Invalid OTP. This code no longer works: please request a new one.', { attempts_left: 0 });
    throw new AppError('INVALID_OTP', undefined, { attempts_left: left });
  }
  if (!(await consumeCode(deps.db, code.id))) throw new AppError('INVALID_OTP');
  await updateUser(deps.db, user.id, { emailVerifiedAt: new Date() });
}

/**
 * E-mails a new code (earlier codes stop working). An unknown e-mail gets the same answer and no mail, so the
 * call does not tell which e-mails have accounts. @throws AppError ALREADY_VERIFIED.
 */
export async function resendCode(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  if (user.emailVerifiedAt) throw new AppError('ALREADY_VERIFIED');
  await sendNewCode(deps, user);
}

/**
 * Signs in with e-mail and password; returns a bearer access token and the user.
 * @throws AppError INVALID_CREDENTIALS (401, same for an unknown e-mail and a wrong password),
 *   EMAIL_NOT_VERIFIED (403, only after the password matched, so it tells nothing to a stranger).
 */
export async function login(deps: AuthDeps, input: LoginRequest): Promise<{ access_token: string; token_type: 'bearer'; user: UserResponse }> {
  const user = await findUserByEmail(deps.db, input.username);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', undefined, { email: user.email });
  return { access_token: await deps.tokens.issue(user.id), token_type: 'bearer', user: await toUserResponse(deps.db, user) };
}

/** Signs the user out everywhere: every access token issued until now stops working. */
export async function logout(deps: AuthDeps, userId: string): Promise<void> {
  await updateUser(deps.db, userId, { tokensValidAfter: new Date() });
  deps.tokens.forget(userId);
}

/**
 * E-mails a single-use reset link `${publicUrl}/auth/reset-password?token=...` valid 1 hour when the account
 * exists; does nothing otherwise. The caller answers the same either way.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = generateResetToken();
  await insertResetToken(deps.db, { userId: user.id, tokenHash: resetHash(deps, token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000) });
  const link = `${deps.config.app.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(resetPasswordMail(user.email, link, RESET_TOKEN_TTL_MINUTES));
    // Like the code: with the outbox mailer (no mail server) the log is where a developer finds the link.
    if (deps.mailer.kind === 'outbox') deps.logger.info({ email: user.email, link }, 'password reset link (outbox mailer)');
  } catch (err) {
    deps.logger.error({ err, email: user.email }, 'could not send the password reset e-mail');
  }
}

/**
 * Sets a new password with a reset token. The token is used up, the user's other reset links stop working,
 * every access token issued before is revoked, and the e-mail counts as verified (the link reached the inbox).
 * @throws AppError INVALID_RESET_TOKEN (unknown, expired or used token).
 */
export async function resetPassword(deps: AuthDeps, input: ResetPasswordRequest): Promise<void> {
  const row = await findResetToken(deps.db, resetHash(deps, input.token));
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw new AppError('INVALID_RESET_TOKEN');
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    if (!(await useResetToken(tx, row.id))) throw new AppError('INVALID_RESET_TOKEN');
    await retireResetTokensOf(tx, row.userId);
    const user = await updateUser(tx, row.userId, { passwordHash, tokensValidAfter: new Date() });
    if (!user) throw new AppError('INVALID_RESET_TOKEN');
    if (!user.emailVerifiedAt) await updateUser(tx, row.userId, { emailVerifiedAt: new Date() });
  });
  // After the commit: a request reading the user before it would otherwise cache the old revocation moment.
  deps.tokens.forget(row.userId);
}
