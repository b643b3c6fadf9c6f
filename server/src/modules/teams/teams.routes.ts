/**
 * The signed-in user's team (issue 23 item 5): GET/POST/DELETE /v1/team, POST /v1/team/invitations,
 * DELETE /v1/team/invitations/{id}, POST /v1/team/invitations/accept, PATCH/DELETE /v1/team/members/{id} and
 * POST /v1/team/leave. Every answer is the caller's TeamResponse after the change.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.guard.ts';
import { parseInput } from '../../http/validate.ts';
import {
  AcceptTeamInvitationRequest,
  CreateTeamRequest,
  InviteTeamMemberRequest,
  UpdateTeamMemberRequest,
} from '../../../../contract/teams.ts';
import * as service from './teams.service.ts';

const idOf = (params: unknown) => (params as { id: string }).id;

export async function teamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (api) => {
    api.addHook('preHandler', requireUser(ctx));
    const limit = (max: number) => ({
      config: { rateLimit: ctx.config.app.rateLimitEnabled ? { max, timeWindow: '1 minute' } : false },
    });
    api.get('/v1/team', async (request) => service.viewTeam(ctx, currentUser(request).id));
    api.post('/v1/team', limit(10), async (request, reply) => {
      const body = parseInput(CreateTeamRequest, request.body);
      return reply.status(201).send(await service.createTeam(ctx, currentUser(request).id, body));
    });
    api.delete('/v1/team', async (request) => service.dissolveTeam(ctx, currentUser(request).id));
    api.post('/v1/team/invitations', limit(20), async (request, reply) => {
      const body = parseInput(InviteTeamMemberRequest, request.body);
      return reply.status(201).send(await service.invite(ctx, currentUser(request).id, body));
    });
    api.delete('/v1/team/invitations/:id', async (request) =>
      service.cancelInvitation(ctx, currentUser(request).id, idOf(request.params)),
    );
    api.post('/v1/team/invitations/accept', limit(10), async (request) => {
      const body = parseInput(AcceptTeamInvitationRequest, request.body);
      return service.acceptInvitation(ctx, currentUser(request).id, body);
    });
    api.patch('/v1/team/members/:id', async (request) => {
      const body = parseInput(UpdateTeamMemberRequest, request.body);
      return service.updateMember(ctx, currentUser(request).id, idOf(request.params), body);
    });
    api.delete('/v1/team/members/:id', async (request) =>
      service.removeMember(ctx, currentUser(request).id, idOf(request.params)),
    );
    api.post('/v1/team/leave', async (request) => service.leaveTeam(ctx, currentUser(request).id));
  });
}
