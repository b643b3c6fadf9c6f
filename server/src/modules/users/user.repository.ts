/**
 * The users table: look-ups, creation, updates and deletion. E-mails are stored lower-cased and trimmed; callers
 * pass them normalised (auth.schemas.ts EmailSchema does it).
 */
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/database.ts';

export type UserRow = typeof users.$inferSelect;

/** The user with this id, or null. */
export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The user with this (normalised) e-mail, or null. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** The user linked to this OpenID Connect subject, or null. */
export async function findUserByGoogleSubject(db: DbOrTx, subject: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  return row ?? null;
}

export interface NewUser {
  email: string;
  fullName: string;
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
  googleSubject?: string | null;
}

/** Inserts a user; returns the row, or null when the e-mail (or Google subject) is already taken. */
export async function insertUser(db: DbOrTx, user: NewUser): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({ ...user, googleSubject: user.googleSubject ?? null })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'fullName'
    | 'language'
    | 'passwordHash'
    | 'emailVerifiedAt'
    | 'googleSubject'
    | 'tokensValidAfter'
    | 'emailJobFinished'
    | 'subtitleStyle'
  >
>;

/** Updates the given columns (and updated_at); returns the new row, or null when the user is gone. */
export async function updateUser(db: DbOrTx, id: string, patch: UserPatch): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Deletes the user; codes, tokens, uploads, jobs, ledger entries, subscriptions and invoices cascade. */
export async function deleteUserRow(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The moment before which the user's access tokens are refused, or null when none are.
 * Returns undefined when the user does not exist.
 */
export async function tokensValidAfterOf(db: DbOrTx, id: string): Promise<Date | null | undefined> {
  const [row] = await db.select({ at: users.tokensValidAfter }).from(users).where(eq(users.id, id)).limit(1);
  return row ? row.at : undefined;
}
