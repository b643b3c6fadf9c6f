/**
 * Webhook endpoints of the signed-in account (issue 23): GET/POST /v1/webhooks, DELETE /v1/webhooks/{id},
 * POST /v1/webhooks/{id}/test and GET /v1/webhooks/{id}/deliveries. Another account's id answers 404.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { currentAccount, currentUser, requireUser } from '../../http/auth.guard.ts';
import { parseInput } from '../../http/validate.ts';
import { CreateWebhookRequest } from '../../../../contract/webhooks.ts';
import * as service from './webhooks.service.ts';

const idOf = (params: unknown) => (params as { id: string }).id;

export async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (api) => {
    api.addHook('preHandler', requireUser(ctx));
    const limit = {
      config: { rateLimit: ctx.config.app.rateLimitEnabled ? { max: 30, timeWindow: '1 minute' } : false },
    };
    api.get('/v1/webhooks', async (request) => service.listEndpoints(ctx, currentAccount(request)));
    api.post('/v1/webhooks', limit, async (request, reply) => {
      const body = parseInput(CreateWebhookRequest, request.body);
      const user = currentUser(request);
      const maker = user.accountId === user.id ? undefined : user.id;
      return reply.status(201).send(await service.createEndpoint(ctx, user.accountId, body, maker));
    });
    api.delete('/v1/webhooks/:id', async (request) =>
      service.deleteEndpoint(ctx, currentAccount(request), idOf(request.params), currentUser(request)),
    );
    api.post('/v1/webhooks/:id/test', limit, async (request, reply) =>
      reply.status(202).send(await service.sendTestEvent(ctx, currentAccount(request), idOf(request.params))),
    );
    api.get('/v1/webhooks/:id/deliveries', async (request) =>
      service.listDeliveries(ctx, currentAccount(request), idOf(request.params)),
    );
  });
}
