/**
 * What the bearer-token check needs to know about a user, in one query: the e-mail (request.user) and the
 * revocation moment users.tokens_valid_after (sign-out and password reset set it).
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';

/** A user as the token check sees it. tokensValidAfter: tokens issued at or before it are refused (null: none). */
export interface TokenSubject {
  id: string;
  email: string;
  tokensValidAfter: Date | null;
}

/** The user `id` as a TokenSubject, or undefined when no such user exists (deleted). */
export async function tokenSubjectOf(db: DbOrTx, id: string): Promise<TokenSubject | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, tokensValidAfter: users.tokensValidAfter })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
