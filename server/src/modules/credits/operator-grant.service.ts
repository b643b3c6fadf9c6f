/**
 * Credits an operator gives an account without Stripe (`npm run admin -- grant-credits`, issue 39 item 8): a
 * goodwill refund, a partner's allowance, a support case. One `grant` entry in the ledger (ledger.repository.ts),
 * its note naming the reason and the operator, so the grant shows in the user's history and the balance derived
 * from the entries; the caller also writes an audit line (cli/admin.ts).
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { addCredits, balanceOf } from './ledger.repository.ts';

/** Most credits one operator grant may give: a typo (an extra zero or three) is refused, not granted. */
export const MAX_OPERATOR_GRANT = 1_000_000;

/** A grant the command line refuses; the message says what to change. */
export class OperatorGrantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorGrantError';
  }
}

/** What an operator grant wrote. */
export interface OperatorGrant {
  userId: string;
  email: string;
  /** Credits granted (whole, > 0). */
  credits: number;
  /** The ledger entry's idempotency key (`operator-grant:<uuid>`). */
  ledgerKey: string;
  /** The account's balance after the grant, credits. */
  balance: number;
}

/**
 * Grants `credits` to the account of `email` (matched without regard to case) with `reason`, by `operator`.
 * @throws OperatorGrantError when the amount is not a whole number in 1..MAX_OPERATOR_GRANT, the reason is empty,
 *   or no account has that e-mail address; nothing is written then.
 */
export async function grantCreditsByOperator(
  db: DbOrTx,
  req: { email: string; credits: number; reason: string; operator: string },
): Promise<OperatorGrant> {
  if (!Number.isInteger(req.credits) || req.credits < 1 || req.credits > MAX_OPERATOR_GRANT)
    throw new OperatorGrantError(
      `credits must be a whole number from 1 to ${MAX_OPERATOR_GRANT}, got "${req.credits}"`,
    );
  const reason = req.reason.trim();
  if (!reason) throw new OperatorGrantError('a reason is required (--reason "...")');
  const email = req.email.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (!user) throw new OperatorGrantError(`no account has the e-mail address ${req.email}`);
  const ledgerKey = `operator-grant:${crypto.randomUUID()}`;
  await addCredits(db, {
    userId: user.id,
    kind: 'grant',
    amount: req.credits,
    idempotencyKey: ledgerKey,
    note: `operator grant by ${req.operator}: ${reason}`.slice(0, 1000),
  });
  return { userId: user.id, email: user.email, credits: req.credits, ledgerKey, balance: await balanceOf(db, user.id) };
}
