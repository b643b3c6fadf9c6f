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
import {
  consumeCode,
  latestLiveCode,
  recordWrongAttempt,
  replaceCode,
  VERIFY_EMAIL_PURPOSE,
} from './email-code.repository.ts';
import { findResetToken, insertResetToken, retireResetTokensOf, useResetToken } from './reset-token.repository.ts';
import { accountExistsMail, resetPasswordMail, verificationCodeMail } from './auth.mails.ts';
import { FREE_PLAN_ID, FREE_SIGNUP_CREDITS } from '../billing/current-plan.ts';
import { GuessCounter } from './guess-counter.ts';
import type {
  LoginRequest,
  ResetPasswordRequest,
  SignupRequest,
  VerifyEmailRequest,
} from '../../../../contract/auth.ts';

export const CODE_TTL_MINUTES = 10;
/** Tries of one code from one client (IP): after 5 wrong ones that client cannot use the code, even the right one. */
export const MAX_WRONG_CODES = 5;
/** Wrong guesses of one code from all clients together, after which the code is dead for everyone. */
export const MAX_TOTAL_WRONG_CODES = 25;
export const RESET_TOKEN_TTL_MINUTES = 60;
/**
 * The calls that e-mail (resend, password reset) answer no sooner than this, milliseconds, whether the account
 * exists or not; mail delivery still running then continues after the answer (issue 14, finding 3).
 */
export const MAIL_CALL_ANSWER_MS = 250;

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

const codeHash = (deps: AuthDeps, userId: string, code: string) =>
  hashOneTimeSecret(deps.secret, `${VERIFY_EMAIL_PURPOSE}:${userId}`, code);
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
 * An e-mail that already has an account is answered exactly as a new one (issue 24 item 13: no account oracle):
 * the same status and body shape (a user that does not exist: fresh id, Free plan and credits, not verified), the
 * password hashed all the same, and nothing changed; the owner is e-mailed instead: a new verification code when
 * the account is not verified yet, otherwise a note that someone tried to sign up with the address.
 * A mail server failure is logged and does not undo the account: the user can ask for a new code.
 */
export async function signup(deps: AuthDeps, input: SignupRequest): Promise<UserResponse> {
  const existing = await findUserByEmail(deps.db, input.email);
  const passwordHash = await hashPassword(input.password);
  const user = existing
    ? null
    : await createAccount(deps.db, {
        email: input.email,
        fullName: input.full_name,
        passwordHash,
        emailVerifiedAt: null,
      });
  // A concurrent sign-up with the same e-mail may have won: that account is the existing one.
  const owner = user ? null : (existing ?? (await findUserByEmail(deps.db, input.email)));
  try {
    if (user) await sendNewCode(deps, user);
    else if (owner && !owner.emailVerifiedAt) await sendNewCode(deps, owner);
    else if (owner) await deps.mailer.send(accountExistsMail(owner.email, owner.fullName, deps.config.app.publicUrl));
  } catch (err) {
    deps.logger.error({ err, email: input.email }, 'could not send the sign-up e-mail');
  }
  if (user) return toUserResponse(deps.db, user);
  return {
    id: crypto.randomUUID(),
    email: input.email,
    full_name: input.full_name,
    current_plan: FREE_PLAN_ID,
    credit_balance: FREE_SIGNUP_CREDITS,
    email_verified: false,
    language: 'en',
    created_at: new Date().toISOString(),
    email_job_finished: true,
    subtitle_style: null,
    billing_managed_by: null,
  };
}

/** One guess counter per database (per app; tests run several apps in one process). */
const guessCounters = new WeakMap<object, GuessCounter>();
function guessesOf(deps: AuthDeps): GuessCounter {
  let counter = guessCounters.get(deps.db);
  if (!counter) guessCounters.set(deps.db, (counter = new GuessCounter(MAX_WRONG_CODES, CODE_TTL_MINUTES * 60_000)));
  return counter;
}

/** Work of the mail-sending calls still running after their answer; awaited when the app closes. */
const pendingMailWork = new Set<Promise<void>>();

/** Resolves once every mail-sending task started by the account calls has finished. */
export async function settleMailWork(): Promise<void> {
  while (pendingMailWork.size) await Promise.allSettled([...pendingMailWork]);
}

/**
 * Runs `work` and resolves after MAIL_CALL_ANSWER_MS whatever it does, so the answer takes as long for an account
 * as for an unknown e-mail; work still running then goes on after the answer. Failures are logged, never answered.
 */
async function answerAfterFloor(deps: AuthDeps, what: string, work: () => Promise<void>): Promise<void> {
  const started = performance.now();
  const task: Promise<void> = work()
    .catch((err: unknown) => deps.logger.error({ err }, `${what} failed`))
    .finally(() => pendingMailWork.delete(task));
  pendingMailWork.add(task);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([task, new Promise((resolve) => (timer = setTimeout(resolve, MAIL_CALL_ANSWER_MS)))]);
  clearTimeout(timer);
  const left = MAIL_CALL_ANSWER_MS - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/**
 * Checks the e-mailed code and marks the e-mail verified. An unknown e-mail, a verified one and an unverified one
 * given a wrong code answer alike (INVALID_OTP with attempts_left, then OTP_TOO_MANY_ATTEMPTS), so the call does
 * not tell which e-mails have accounts (issue 14, finding 3).
 * Tries are counted per code and client (`client`, the caller's IP): 5 per client, so a stranger cannot burn the
 * owner's code; MAX_TOTAL_WRONG_CODES wrong guesses from all clients kill the code for everyone, and the per-e-mail
 * rate limit bounds the guesses per minute.
 * @throws AppError INVALID_OTP (wrong code, unknown or verified e-mail, no live code), OTP_EXPIRED (the right code,
 *   older than 10 minutes), OTP_TOO_MANY_ATTEMPTS (this client's 5 tries are used, or the code's total).
 */
export async function verifyEmail(deps: AuthDeps, input: VerifyEmailRequest, client = 'unknown'): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  const code = user && !user.emailVerifiedAt ? await latestLiveCode(deps.db, user.id, VERIFY_EMAIL_PURPOSE) : null;
  const counter = guessesOf(deps);
  const key = code ? `code:${code.id}:${client}` : `email:${input.email}:${client}`;
  const tries = counter.take(key);
  if (tries === null) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
  if (code && code.attempts >= MAX_TOTAL_WRONG_CODES) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
  if (!user || !code || !sameHash(code.codeHash, codeHash(deps, user.id, input.otp))) {
    if (code && (await recordWrongAttempt(deps.db, code.id, MAX_TOTAL_WRONG_CODES)) === null) {
      counter.exhaust(key);
      throw new AppError('OTP_TOO_MANY_ATTEMPTS');
    }
    const left = MAX_WRONG_CODES - tries;
    // This client's tries are used up; the code itself may still work from the owner's own connection (issue 24),
    // so the answer says what is true for this client only.
    if (left === 0)
      throw new AppError('INVALID_OTP', 'Invalid OTP. No tries are left from here: request a new code.', {
        attempts_left: 0,
      });
    throw new AppError('INVALID_OTP', undefined, { attempts_left: left });
  }
  if (code.expiresAt.getTime() <= Date.now()) throw new AppError('OTP_EXPIRED');
  if (!(await consumeCode(deps.db, code.id))) throw new AppError('INVALID_OTP');
  await updateUser(deps.db, user.id, { emailVerifiedAt: new Date() });
}

/**
 * E-mails a new code to an unverified account (earlier codes stop working). An unknown or already verified e-mail
 * gets the same answer, after the same time (MAIL_CALL_ANSWER_MS), and no mail, so the call does not tell which
 * e-mails have accounts (issue 14, finding 3). `client` (the caller's IP) gets fresh tries for the e-mail.
 */
export async function resendCode(deps: AuthDeps, email: string, client = 'unknown'): Promise<void> {
  await answerAfterFloor(deps, 'resending the verification code', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.emailVerifiedAt) {
      guessesOf(deps).clear(`email:${email}:${client}`);
      return;
    }
    await sendNewCode(deps, user);
  });
}

/**
 * Signs in with e-mail and password; returns a bearer access token and the user.
 * @throws AppError INVALID_CREDENTIALS (401, same for an unknown e-mail and a wrong password),
 *   EMAIL_NOT_VERIFIED (403, only after the password matched, so it tells nothing to a stranger).
 */
export async function login(
  deps: AuthDeps,
  input: LoginRequest,
): Promise<{ access_token: string; token_type: 'bearer'; user: UserResponse }> {
  const user = await findUserByEmail(deps.db, input.username);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', undefined, { email: user.email });
  return {
    access_token: await deps.tokens.issue(user.id),
    token_type: 'bearer',
    user: await toUserResponse(deps.db, user),
  };
}

/** Signs the user out everywhere: every access token issued until now stops working. */
export async function logout(deps: AuthDeps, userId: string): Promise<void> {
  await updateUser(deps.db, userId, { tokensValidAfter: new Date() });
  deps.tokens.forget(userId);
}

/**
 * E-mails a single-use reset link `${publicUrl}/auth/reset-password?token=...` valid 1 hour when the account
 * exists; does nothing otherwise. Either way it resolves after MAIL_CALL_ANSWER_MS (the token insert and the mail
 * go on after the answer when slower), so neither the answer nor its timing tells whether the account exists
 * (issue 14, finding 3). A dummy password hash would not do: this call hashes no password, and an argon2 hash
 * for unknown e-mails only would make them the slow ones.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  await answerAfterFloor(deps, 'the password reset request', () => sendResetLink(deps, email));
}

async function sendResetLink(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = generateResetToken();
  await insertResetToken(deps.db, {
    userId: user.id,
    tokenHash: resetHash(deps, token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  const link = `${deps.config.app.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(resetPasswordMail(user.email, link, RESET_TOKEN_TTL_MINUTES));
    // Like the code: with the outbox mailer (no mail server) the log is where a developer finds the link.
    if (deps.mailer.kind === 'outbox')
      deps.logger.info({ email: user.email, link }, 'password reset link (outbox mailer)');
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
