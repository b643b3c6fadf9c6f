/**
 * Job calls of spec section 7: POST /v1/jobs/translate, POST /v1/documents/translate, POST /v1/jobs/estimate,
 * GET /v1/jobs/ (newest first), GET /v1/jobs/status, GET /v1/jobs/{id}, DELETE /v1/jobs/{id}. Bearer token required.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentAccount, currentUser, requireUser } from '../../http/auth.guard.ts';
import { parseInput } from '../../http/validate.ts';
import { DocumentJobRequest, EstimateRequest, ListJobsQuery, TranslateJobRequest } from '../../../../contract/jobs.ts';
import * as service from './jobs.service.ts';
import { deleteJob, deleteUserFiles } from './jobs-deletion.service.ts';
import { jobAccountOf } from './job-access.ts';
import { acceptsGzip } from './job-list.cache.ts';
import { idempotent } from '../idempotency/idempotency.ts';
import type { LinkHolder } from '../../storage/file-storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function jobIdOf(params: unknown): string {
  const { id } = params as { id: string };
  if (!UUID.test(id)) throw new AppError('JOB_NOT_FOUND');
  return id.toLowerCase();
}

/** The member (owner included) who starts a team job, kept with it (JobResponse.started_by); undefined outside a team. */
function startedBy(request: import('fastify').FastifyRequest): string | undefined {
  const user = currentUser(request);
  return user.teamRole ? user.id : undefined;
}

/**
 * Whom the download links of an answer are bound to: a team member other than the owner (their links stop working
 * once they leave the team, issue 35 item 10); undefined for the account's own person.
 */
function linkHolder(request: import('fastify').FastifyRequest): LinkHolder | undefined {
  const user = currentUser(request);
  return user.accountId === user.id ? undefined : { personId: user.id, accountId: user.accountId };
}

/** The reader of job lists and jobs: a team member sees the team's jobs and their own (issue 38 item 2). */
function readerOf(request: import('fastify').FastifyRequest): service.JobReader {
  const user = currentUser(request);
  return { userId: user.id, accountId: user.accountId, inTeam: user.teamRole !== null };
}

export async function jobRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.userDeletionHooks.push((userId) => deleteUserFiles(ctx, userId));
  await app.register(async (api) => {
    api.addHook('preHandler', requireUser(ctx));
    // A replayed submission answers its job only while the job exists (issue 35 item 11).
    const jobStillExists = (userId: string) => async (body: unknown) => {
      const id = (body as { id?: unknown } | null)?.id;
      return typeof id === 'string' && service.jobExists(ctx, userId, id);
    };
    const submitLimit = {
      config: { rateLimit: ctx.config.app.rateLimitEnabled ? { max: 60, timeWindow: '1 minute' } : false },
    };

    // Idempotency-Key (issue 23): a retried submission answers the first job and reserves nothing again.
    api.post('/v1/jobs/translate', submitLimit, async (request, reply) => {
      const userId = currentAccount(request);
      return idempotent(
        ctx.db,
        userId,
        request,
        reply,
        async () => ({
          status: 201,
          body: await service.submitMedia(
            ctx,
            userId,
            parseInput(TranslateJobRequest, request.body),
            startedBy(request),
          ),
        }),
        jobStillExists(userId),
      );
    });
    api.post('/v1/documents/translate', submitLimit, async (request, reply) => {
      const userId = currentAccount(request);
      return idempotent(
        ctx.db,
        userId,
        request,
        reply,
        async () => ({
          status: 201,
          body: await service.submitDocument(
            ctx,
            userId,
            parseInput(DocumentJobRequest, request.body),
            startedBy(request),
          ),
        }),
        jobStillExists(userId),
      );
    });
    api.post('/v1/jobs/estimate', async (request) =>
      service.estimate(ctx, currentAccount(request), parseInput(EstimateRequest, request.body)),
    );

    const list = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const { limit } = parseInput(ListJobsQuery, request.query);
      const reader = readerOf(request);
      const holder = linkHolder(request);
      const accounts = service.readerAccounts(reader);
      // One entry per view: a member's list (team + own) differs from the owner's, and 'scope' from outside a team;
      // a team member's links are theirs (bound to them), so their list is cached apart.
      const id = reader.inTeam ? `team:${accounts.join(',')}` : reader.userId;
      const variant = holder ? `${limit}:${holder.personId}` : String(limit);
      const body = await ctx.jobLists.cachedList({ id, accounts }, variant, {
        build: async () => JSON.stringify(await service.listJobs(ctx, reader, limit, holder)),
        version: () => service.listVersion(ctx, reader),
        // A quarter of the signed URLs' life: a served download link always has most of its life left.
        maxAgeMs: (ctx.config.app.storage.signedUrlTtlSeconds * 1000) / 4,
      });
      reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'private, no-store');
      const vary = reply.getHeader('vary'); // CORS may have set Vary: Origin already
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      if (acceptsGzip(request.headers['accept-encoding']))
        return reply.header('content-encoding', 'gzip').send(body.gzip);
      return reply.send(body.json);
    };
    api.get('/v1/jobs/', list);
    api.get('/v1/jobs', list);
    api.get('/v1/jobs/status', async (request) => service.jobStatuses(ctx, readerOf(request)));
    api.get('/v1/jobs/:id', async (request) =>
      service.getJob(ctx, readerOf(request), jobIdOf(request.params), linkHolder(request)),
    );
    api.delete('/v1/jobs/:id', async (request) =>
      deleteJob(
        ctx,
        await jobAccountOf(ctx, currentUser(request), jobIdOf(request.params)),
        jobIdOf(request.params),
        currentUser(request),
      ),
    );
  });
}
