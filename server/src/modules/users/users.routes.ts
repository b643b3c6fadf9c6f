/**
 * The signed-in user's account (spec section 7): GET/PUT /v1/users/me, the settings page's PUT /user/profile and
 * DELETE /api/user/delete. All need a bearer token; any missing, invalid or expired one answers 401.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { currentUser, requireUser } from '../../http/auth.guard.ts';
import { ProfileUpdateRequest, UpdateMeRequest } from '../../../../contract/users.ts';
import { assertSameEmail, deleteAccount, loadUser, updateMe } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const auth = { preHandler: requireUser(ctx) };

  app.get('/v1/users/me', auth, async (request) => loadUser(ctx.db, currentUser(request).id));

  app.put('/v1/users/me', auth, async (request) => {
    const input = parseInput(UpdateMeRequest, request.body);
    const userId = currentUser(request).id;
    await assertSameEmail(ctx.db, userId, input.email);
    return updateMe(ctx.db, userId, {
      fullName: input.full_name,
      language: input.language,
      emailJobFinished: input.email_job_finished,
      subtitleStyle: input.subtitle_style,
    });
  });

  // The settings form reads `success` and `error` (spec 7 "Profile update"): failures carry success: false too.
  app.put('/user/profile', auth, async (request) => {
    try {
      const input = parseInput(ProfileUpdateRequest, request.body);
      const userId = currentUser(request).id;
      await assertSameEmail(ctx.db, userId, input.email);
      return { success: true, statusCode: 200, user: await updateMe(ctx.db, userId, { fullName: input.full_name }) };
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, err.message, { ...err.details, success: false });
      throw err;
    }
  });

  app.delete('/api/user/delete', auth, async (request) => {
    await deleteAccount(ctx, currentUser(request).id);
    return { statusCode: 200, message: 'Your account has been permanently deleted' };
  });
}
