/**
 * Upload calls: POST /v1/uploads/presigned-url (spec section 7), the signed PUT at /uploads/put/<id>, tus at
 * /uploads/tus, and GET /v1/uploads/<id>/file (the owner's file_url, redirected to a signed download).
 * The PUT and tus routes read the raw request stream: file bytes are never buffered.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentAccount, requireUser } from '../../http/auth.guard.ts';
import { parseInput } from '../../http/validate.ts';
import { PresignedUrlRequest } from '../../../../contract/uploads.ts';
import { createUploadTarget, receivePut } from './uploads.service.ts';
import { findUserUpload } from './upload.repository.ts';
import { createTusAdapter, TUS_PATH } from './tus.adapter.ts';
import { idempotent } from '../idempotency/idempotency.ts';

/** Hourly sweep of unfinished tus uploads (the retention job does it daily too). */
const TUS_SWEEP_MS = 60 * 60 * 1000;

export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tus = createTusAdapter(ctx);
  const sweep = setInterval(
    () => void tus.cleanUpExpired().catch((err) => ctx.logger.warn({ err }, 'tus sweep failed')),
    TUS_SWEEP_MS,
  );
  sweep.unref();
  ctx.onClose.push(async () => clearInterval(sweep));

  await app.register(async (api) => {
    api.addHook('preHandler', requireUser(ctx));
    api.post(
      '/v1/uploads/presigned-url',
      { config: { rateLimit: ctx.config.app.rateLimitEnabled ? { max: 120, timeWindow: '1 minute' } : false } },
      async (request, reply) => {
        const userId = currentAccount(request);
        // Idempotency-Key (issue 23): a retried request answers the same upload target.
        return idempotent(ctx.db, userId, request, reply, async () => ({
          status: 200,
          body: await createUploadTarget(ctx, userId, parseInput(PresignedUrlRequest, request.body)),
        }));
      },
    );
    api.get('/v1/uploads/:id/file', async (request, reply) => {
      const { id } = request.params as { id: string };
      const upload = /^[0-9a-f-]{36}$/i.test(id) ? await findUserUpload(ctx.db, currentAccount(request), id) : null;
      if (!upload || upload.status !== 'complete')
        throw new AppError('UPLOAD_NOT_FOUND', 'This file does not exist or has expired.');
      const url = await ctx.storage.downloadUrl(upload.storageKey, {
        filename: upload.filename,
        contentType: upload.contentType,
        inline: true,
      });
      return reply.redirect(url, 302);
    });
  });

  // Raw-stream routes: no body parsing at all in this scope.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));

    raw.put('/uploads/put/:id', { config: { rateLimit: false } }, async (request, reply) => {
      const { id } = request.params as { id: string };
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('UPLOAD_URL_INVALID');
      const query = request.query as { expires?: string; signature?: string };
      const result = await receivePut(
        ctx,
        id,
        query,
        { contentType: request.headers['content-type'], contentLength: request.headers['content-length'] },
        request.raw,
      );
      // S3 answers an empty 200 with an ETag; clients only look at the status.
      return reply.status(200).header('ETag', `"${id}"`).send({ statusCode: 200, size_bytes: result.sizeBytes });
    });

    const tusHandler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    for (const url of [TUS_PATH, `${TUS_PATH}/*`]) {
      raw.route({
        method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'GET'],
        url,
        config: { rateLimit: false },
        handler: tusHandler,
        exposeHeadRoute: false,
      });
    }
  });
}
