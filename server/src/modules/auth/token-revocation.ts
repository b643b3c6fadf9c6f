/**
 * Sign-out, password reset and account deletion reach every server process at once: a process that forgets a
 * user's cached tokens also sends NOTIFY `tarjama_token_revoked` with `{ userId, deleting }`, and every process
 * (itself included) LISTENs and forgets the same user. Without it another process would accept a revoked token
 * until its cached copy of the user ages out (SUBJECT_TTL_MS, 5 s); that age limit stays as the fallback when a
 * notification is missed (the listening connection was being reopened).
 */
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { TokenService } from './token.service.ts';

export const TOKEN_REVOKED_CHANNEL = 'tarjama_token_revoked';

/**
 * `tokens` whose `forget` also broadcasts, with broadcasts from other processes applied to it.
 * @returns the shared token service and the function that stops listening (call it before closing the database).
 * @throws when the database refuses LISTEN (PostgreSQL unreachable at start-up).
 */
export async function shareTokenRevocations(database: Database, tokens: TokenService, logger: Logger): Promise<{ tokens: TokenService; stop: () => Promise<void> }> {
  const forgetHere = tokens.forget.bind(tokens);
  const stop = await database.listen(TOKEN_REVOKED_CHANNEL, (payload) => {
    try {
      const { userId, deleting } = JSON.parse(payload) as { userId: unknown; deleting?: unknown };
      if (typeof userId === 'string') forgetHere(userId, { deleting: deleting === true });
    } catch {
      logger.warn({ payload }, 'unreadable token revocation notice');
    }
  });
  const forget: TokenService['forget'] = (userId, opts) => {
    forgetHere(userId, opts);
    database.notify(TOKEN_REVOKED_CHANNEL, JSON.stringify({ userId, deleting: opts?.deleting === true })).catch((err) => {
      logger.warn({ err, userId }, 'token revocation not broadcast: other processes refuse the token within 5 s');
    });
  };
  return { tokens: { ...tokens, forget }, stop };
}
