/**
 * The quality check's calls (contract QUALITY_ENDPOINTS, issue 37): GET /v1/jobs/{id}/quality (JSON) and
 * GET /v1/jobs/{id}/quality.csv (Subtitle Edit's Netflix quality report columns). Bearer token required; scoped
 * like GET /v1/jobs/{id}/tracks (the job's account: the owner or their team).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentUser, requireUser } from '../../http/auth.guard.ts';
import { jobAccountOf } from '../jobs/job-access.ts';
import { getQuality, getQualityCsv } from './quality.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function jobIdOf(params: unknown): string {
  const { id } = params as { id: string };
  if (!UUID.test(id)) throw new AppError('JOB_NOT_FOUND');
  return id.toLowerCase();
}

export async function qualityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (api) => {
    api.addHook('preHandler', requireUser(ctx));
    const account = (request: Parameters<typeof currentUser>[0]) =>
      jobAccountOf(ctx, currentUser(request), jobIdOf(request.params));

    api.get('/v1/jobs/:id/quality', async (request) =>
      getQuality(ctx, await account(request), jobIdOf(request.params)),
    );
    api.get('/v1/jobs/:id/quality.csv', async (request, reply) => {
      const id = jobIdOf(request.params);
      const csv = await getQualityCsv(ctx, await account(request), id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="quality-${id}.csv"`)
        .send(csv);
    });
  });
}
