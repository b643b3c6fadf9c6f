/**
 * Sign-out, password reset and account deletion reach every server process at once: a process that forgets a
 * user's cached tokens also sends NOTIFY `tarjama_token_revoked` with `{ userId, deleting, origin }`, and every
 * other process LISTENs and forgets the same user (`origin` lets the sender skip its own notice). Without it another
 * process would accept a revoked token until its cached copy of the user ages out (SUBJECT_TTL_MS, 5 s); that age
 * limit stays as the fallback when a notification is missed (the listening connection was being reopened).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { TokenService } from './token.service.ts';

export const TOKEN_REVOKED_CHANNEL = 'tarjama_token_revoked';

/**
 * `tokens` whose `forget` also broadcasts, with broadcasts from other processes applied to it.
 * @returns the shared token service and the function that stops listening (call it before closing the database).
 * @throws when the database refuses LISTEN (PostgreSQL unreachable at start-up).
 */
export async function shareTokenRevocations(
  database: Database,
  tokens: TokenService,
  logger: Logger,
): Promise<{ tokens: TokenService; stop: () => Promise<void> }> {
  const forgetHere = tokens.forget.bind(tokens);
  // This process's own notices come back to it too: they are recognised by this id and skipped.
  const origin = randomUUID();
  const stop = await database.listen(TOKEN_REVOKED_CHANNEL, (payload) => {
    try {
      const notice = JSON.parse(payload) as { userId: unknown; deleting?: unknown; origin?: unknown };
      if (typeof notice.userId === 'string' && notice.origin !== origin)
        forgetHere(notice.userId, { deleting: notice.deleting === true });
    } catch {
      logger.warn({ payload }, 'unreadable token revocation notice');
    }
  });
  const forget: TokenService['forget'] = (userId, opts) => {
    forgetHere(userId, opts);
    database
      .notify(TOKEN_REVOKED_CHANNEL, JSON.stringify({ userId, deleting: opts?.deleting === true, origin }))
      .catch((err) => {
        logger.warn({ err, userId }, 'token revocation not broadcast: other processes refuse the token within 5 s');
      });
  };
  return { tokens: { ...tokens, forget }, stop };
}
