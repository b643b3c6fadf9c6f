/** GET/POST /v1/api-keys and DELETE /v1/api-keys/{id} (issue 23): the signed-in account's API keys. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentAccount, currentUser, requireUser } from '../../http/auth.guard.ts';
import { parseInput } from '../../http/validate.ts';
import { CreateApiKeyRequest } from '../../../../contract/api-keys.ts';
import * as service from './api-keys.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keys do not manage keys (issue 35 item 8): a key that could make keys would outlive its own revocation through
 * the keys it made. Creating and revoking need a signed-in session; listing stays open to keys.
 * @throws AppError API_KEY_SESSION_REQUIRED (403) when the request authenticated with an API key
 */
function refuseApiKey(request: FastifyRequest): void {
  if (currentUser(request).viaApiKey) throw new AppError('API_KEY_SESSION_REQUIRED');
}

export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (api) => {
    api.addHook('preHandler', requireUser(ctx));
    // Keys belong to the account: a team's keys to its owner's account, made by any member (issue 23 item 5).
    api.get('/v1/api-keys', async (request) => service.listKeys(ctx, currentAccount(request)));
    api.post(
      '/v1/api-keys',
      { config: { rateLimit: ctx.config.app.rateLimitEnabled ? { max: 30, timeWindow: '1 minute' } : false } },
      async (request, reply) => {
        refuseApiKey(request);
        const user = currentUser(request);
        const key = await service.createKey(
          ctx,
          user.accountId,
          parseInput(CreateApiKeyRequest, request.body),
          user.accountId === user.id ? undefined : user.id,
        );
        return reply.status(201).send(key);
      },
    );
    api.delete('/v1/api-keys/:id', async (request) => {
      const { id } = request.params as { id: string };
      if (!UUID.test(id)) throw new AppError('API_KEY_NOT_FOUND');
      refuseApiKey(request);
      return service.revokeKey(ctx, currentAccount(request), id.toLowerCase(), currentUser(request));
    });
  });
}
