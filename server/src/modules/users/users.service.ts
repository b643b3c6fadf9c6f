/**
 * Accounts as the web app sees them (spec section 3: full_name, email, current_plan, credit_balance), account
 * creation with the one-time Free credits, profile changes and account deletion.
 */
import { accountIdOf } from '../teams/team.repository.ts';
import type { SubtitleStyle } from '../../../../contract/jobs.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { addCredits, balanceOf } from '../credits/ledger.repository.ts';
import { currentPlanOf, FREE_SIGNUP_CREDITS } from '../billing/current-plan.ts';
import { deleteUserRow, findUserById, insertUser, updateUser, type NewUser, type UserRow } from './user.repository.ts';

/** The user object of every account response (snake_case, as the web app reads it). */
export interface UserResponse {
  id: string;
  email: string;
  full_name: string;
  /** 'Free', 'explorer', 'pro', 'business' (billing/current-plan.ts). */
  current_plan: string;
  /** Credits, whole number. */
  credit_balance: number;
  email_verified: boolean;
  /** Interface language, 'en' or 'ar'. */
  language: string;
  /** ISO 8601. */
  created_at: string;
  /** An e-mail is sent when a job finishes (Settings). */
  email_job_finished: boolean;
  /** The studio's remembered burned-in subtitle style; null: never saved. */
  subtitle_style: SubtitleStyle | null;
  /** For a team member who is not the owner: the owner's e-mail (only the owner changes billing); else null. */
  billing_managed_by: string | null;
}

/** Builds the response shape of `row`, reading its plan and credit balance. */
export async function toUserResponse(db: DbOrTx, row: UserRow): Promise<UserResponse> {
  // A team member sees the team's plan and shared balance: the owner's account's (issue 23 item 5).
  const account = await accountIdOf(db, row.id);
  const [plan, balance] = [await currentPlanOf(db, account), await balanceOf(db, account)];
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    current_plan: plan,
    credit_balance: balance,
    email_verified: row.emailVerifiedAt !== null,
    language: row.language,
    created_at: row.createdAt.toISOString(),
    email_job_finished: row.emailJobFinished,
    subtitle_style: row.subtitleStyle ?? null,
    billing_managed_by: account === row.id ? null : ((await findUserById(db, account))?.email ?? null),
  };
}

/** The signed-in user's response. @throws AppError UNAUTHORIZED when the account no longer exists. */
export async function loadUser(db: DbOrTx, userId: string): Promise<UserResponse> {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('UNAUTHORIZED');
  return toUserResponse(db, row);
}

/**
 * Creates an account and grants the one-time Free credits (FREE_SIGNUP_CREDITS) in one transaction, so no
 * account ever exists without its grant. Returns null when the e-mail (or Google subject) is already taken.
 */
export async function createAccount(db: AppContext['db'], user: NewUser): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const row = await insertUser(tx, user);
    if (!row) return null;
    await addCredits(tx, {
      userId: row.id,
      kind: 'grant',
      amount: FREE_SIGNUP_CREDITS,
      idempotencyKey: 'grant:free-signup',
      note: 'Free plan credits at sign-up',
    });
    return row;
  });
}

/** The changeable fields of PUT /v1/users/me; undefined: unchanged. `subtitleStyle` null forgets the style. */
export interface MePatch {
  fullName?: string;
  language?: string;
  emailJobFinished?: boolean;
  subtitleStyle?: SubtitleStyle | null;
}

/**
 * Changes the name, the interface language, the finished-job e-mail and/or the remembered subtitle style (already
 * validated by the contract's SubtitleStyle, defaults filled in); returns the new response.
 * @throws AppError UNAUTHORIZED.
 */
export async function updateMe(db: DbOrTx, userId: string, patch: MePatch): Promise<UserResponse> {
  const changes: MePatch = {};
  if (patch.fullName !== undefined) changes.fullName = patch.fullName;
  if (patch.language !== undefined) changes.language = patch.language;
  if (patch.emailJobFinished !== undefined) changes.emailJobFinished = patch.emailJobFinished;
  if (patch.subtitleStyle !== undefined) changes.subtitleStyle = patch.subtitleStyle;
  const row = Object.keys(changes).length ? await updateUser(db, userId, changes) : await findUserById(db, userId);
  if (!row) throw new AppError('UNAUTHORIZED');
  return toUserResponse(db, row);
}

/**
 * Rejects an e-mail change: the e-mail is the sign-in identity and changing it would need a new verification,
 * which the product does not offer. The same e-mail (any case) is accepted.
 * @throws AppError EMAIL_CHANGE_UNSUPPORTED
 */
export async function assertSameEmail(db: DbOrTx, userId: string, email: string | undefined): Promise<void> {
  if (email === undefined) return;
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('UNAUTHORIZED');
  if (row.email !== email) throw new AppError('EMAIL_CHANGE_UNSUPPORTED');
}

/**
 * Deletes the account: every ctx.userDeletionHooks hook first (stored files, the paid subscription...), then the
 * user row, whose jobs, uploads, credits, subscriptions, invoices, codes and tokens cascade. A failing hook stops
 * the deletion and leaves the account as it was, so nothing is left billing a deleted user.
 */
export async function deleteAccount(
  ctx: Pick<AppContext, 'db' | 'userDeletionHooks' | 'logger'>,
  userId: string,
): Promise<void> {
  for (const hook of ctx.userDeletionHooks) await hook(userId);
  const deleted = await deleteUserRow(ctx.db, userId);
  if (!deleted) throw new AppError('UNAUTHORIZED');
  ctx.logger.info({ userId }, 'account deleted');
}
