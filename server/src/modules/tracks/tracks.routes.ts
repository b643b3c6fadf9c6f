/**
 * The editor's calls (contract EDITOR_ENDPOINTS): GET/PUT /v1/jobs/{id}/tracks, POST translate-again,
 * POST tracks/shorten, POST redub/estimate, POST redub, GET revisions, POST revisions/{n}/restore. Bearer token required.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentAccount, currentUser, requireUser } from '../../http/auth.guard.ts';
import { assertJobWritable, jobAccountOf } from '../jobs/job-access.ts';
import { parseInput } from '../../http/validate.ts';
import {
  RedubRequest,
  SAVE_TRACKS_MAX_BYTES,
  SaveTracksRequest,
  TranslateAgainRequest,
} from '../../../../contract/tracks.ts';
import { ShortenRequest } from '../../../../contract/sync.ts';
import * as service from './tracks.service.ts';
import { estimateRedub, redub } from './tracks-redub.service.ts';
import { shortenCue } from './tracks-shorten.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function jobIdOf(params: unknown): string {
  const { id } = params as { id: string };
  if (!UUID.test(id)) throw new AppError('JOB_NOT_FOUND');
  return id.toLowerCase();
}

export async function tracksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (api) => {
    api.addHook('preHandler', requireUser(ctx));
    // The account holding the job: the team's, or a member's own for their jobs from before they joined.
    const user = (request: Parameters<typeof currentAccount>[0]) =>
      jobAccountOf(ctx, currentUser(request), jobIdOf(request.params));
    // Edits, re-runs and restores change a job's outputs: a plain team member only on the jobs they started (issue 35
    // item 4). Reads and price quotes stay open to the team.
    const writable = {
      preHandler: async (request: Parameters<typeof currentAccount>[0]) => {
        await assertJobWritable(ctx, await user(request), currentUser(request), jobIdOf(request.params));
      },
    };

    api.get('/v1/jobs/:id/tracks', async (request) =>
      service.getTracks(ctx, await user(request), jobIdOf(request.params)),
    );
    // A whole track of up to 10,000 cues, as the contract allows (the API's default body limit is 64 KB).
    api.put('/v1/jobs/:id/tracks', { ...writable, bodyLimit: SAVE_TRACKS_MAX_BYTES }, async (request) =>
      service.saveTracks(
        ctx,
        await user(request),
        jobIdOf(request.params),
        parseInput(SaveTracksRequest, request.body),
      ),
    );
    // Each call costs an engine call over the whole track: at most 10 a minute per client (issue 24, item 8).
    const translateLimit = ctx.config.app.rateLimitEnabled ? { max: 10, timeWindow: '1 minute' } : false;
    api.post('/v1/jobs/:id/translate-again', { ...writable, config: { rateLimit: translateLimit } }, async (request) =>
      service.translateAgain(
        ctx,
        await user(request),
        jobIdOf(request.params),
        parseInput(TranslateAgainRequest, request.body),
      ),
    );
    // One engine call per Shorten: at most 20 a minute per client, as translate-again's limit.
    const shortenLimit = ctx.config.app.rateLimitEnabled ? { max: 20, timeWindow: '1 minute' } : false;
    api.post('/v1/jobs/:id/tracks/shorten', { ...writable, config: { rateLimit: shortenLimit } }, async (request) =>
      shortenCue(ctx, await user(request), jobIdOf(request.params), parseInput(ShortenRequest, request.body)),
    );
    api.post('/v1/jobs/:id/redub/estimate', async (request) =>
      estimateRedub(ctx, await user(request), jobIdOf(request.params), parseInput(RedubRequest, request.body)),
    );
    api.post('/v1/jobs/:id/redub', writable, async (request, reply) => {
      const job = await redub(
        ctx,
        await user(request),
        jobIdOf(request.params),
        parseInput(RedubRequest, request.body),
      );
      return reply.status(202).send(job);
    });
    api.get('/v1/jobs/:id/revisions', async (request) =>
      service.listRevisions(ctx, await user(request), jobIdOf(request.params)),
    );
    api.post('/v1/jobs/:id/revisions/:n/restore', writable, async (request) => {
      const { n } = request.params as { n: string };
      if (!/^\d{1,9}$/.test(n)) throw new AppError('REVISION_NOT_FOUND');
      return service.restoreRevision(ctx, await user(request), jobIdOf(request.params), Number(n));
    });
  });
}
