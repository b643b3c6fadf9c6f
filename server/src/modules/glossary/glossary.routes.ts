/**
 * The signed-in user's glossary (issue 20 item 4): GET/POST /v1/glossary, PUT/DELETE /v1/glossary/{id},
 * GET /v1/glossary/export (CSV) and POST /v1/glossary/import. Another account's id answers 404.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.guard.ts';
import { parseInput } from '../../http/validate.ts';
import { GlossaryImportRequest, GlossaryTermRequest, MAX_GLOSSARY_CSV_BYTES } from '../../../../contract/glossary.ts';
import * as service from './glossary.service.ts';

const idOf = (params: unknown) => (params as { id: string }).id;

export async function glossaryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (api) => {
    api.addHook('preHandler', requireUser(ctx));
    api.get('/v1/glossary', async (request) => service.listTerms(ctx, currentUser(request).id));
    api.post('/v1/glossary', async (request, reply) => {
      const body = parseInput(GlossaryTermRequest, request.body);
      return reply.status(201).send(await service.createTerm(ctx, currentUser(request).id, body));
    });
    api.put('/v1/glossary/:id', async (request) =>
      service.updateTerm(
        ctx,
        currentUser(request).id,
        idOf(request.params),
        parseInput(GlossaryTermRequest, request.body),
      ),
    );
    api.delete('/v1/glossary/:id', async (request) =>
      service.deleteTerm(ctx, currentUser(request).id, idOf(request.params)),
    );
    api.get('/v1/glossary/export', async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="glossary.csv"')
        .send(await service.exportCsv(ctx, currentUser(request).id)),
    );
    // The CSV travels as a JSON string: room for the largest file plus JSON escaping.
    api.post('/v1/glossary/import', { bodyLimit: MAX_GLOSSARY_CSV_BYTES * 2 + 1024 }, async (request) =>
      service.importCsv(ctx, currentUser(request).id, parseInput(GlossaryImportRequest, request.body)),
    );
  });
}
