/**
 * GET /v1/capabilities (what the configured engines can do per studio language) and
 * GET /v1/voices/{id}/sample?language=xx (a voice speaking a short sentence, MP3). Both are public: the landing
 * page and the studio show them before or without sign-in, and an <audio> element sends no bearer token.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/validate.ts';
import { VoiceSampleQuery } from '../../../../contract/capabilities.ts';
import { createVoiceSamples } from './voice-sample.service.ts';

export async function capabilitiesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const samples = createVoiceSamples(ctx);

  app.get('/v1/capabilities', async (_request, reply) => {
    // The configuration changes only with a restart; a few minutes of caching costs nothing.
    reply.header('cache-control', 'public, max-age=300');
    return ctx.engines.capabilities();
  });

  app.get(
    '/v1/voices/:id/sample',
    { config: { rateLimit: ctx.config.app.rateLimitEnabled ? { max: 60, timeWindow: '1 minute' } : false } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { language } = parseInput(VoiceSampleQuery, request.query);
      const sample = await samples.get(id, language);
      return reply
        .header('content-type', 'audio/mpeg')
        .header('content-length', String(sample.sizeBytes))
        .header('cache-control', 'public, max-age=86400')
        .send(await ctx.storage.read(sample.key));
    },
  );
}
