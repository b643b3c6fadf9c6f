/**
 * The sign-in calls of spec section 7: sign-up, e-mail verification, code resend, login (form data), logout and
 * password reset. Every answer carries `statusCode` (the web app treats a body with `error` as failure and reads
 * `statusCode`, spec section 7).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/validate.ts';
import { authenticate } from '../../http/auth.guard.ts';
import {
  EmailOnlyRequest,
  LoginRequest,
  ResetPasswordRequest,
  SignupRequest,
  VerifyEmailRequest,
} from '../../../../contract/auth.ts';
import * as auth from './auth.service.ts';
import { AUTH_LIMITS, limitsFor } from './auth.rate-limits.ts';

/**
 * Login is sent as form data (spec 7): application/x-www-form-urlencoded (registered app-wide) or
 * multipart/form-data, parsed here into a plain object of its text fields with the platform's FormData parser.
 */
function acceptMultipartFields(scope: FastifyInstance): void {
  if (scope.hasContentTypeParser('multipart/form-data')) return;
  scope.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer' },
    async (request: FastifyRequest, body: Buffer) => {
      const form = await new Response(body, {
        headers: { 'content-type': String(request.headers['content-type']) },
      }).formData();
      const fields: Record<string, string> = {};
      for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
      return fields;
    },
  );
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // While an account is being deleted, its tokens are checked against the database on every request (token cache).
  ctx.userDeletionHooks.push(async (userId) => ctx.tokens.forget(userId, { deleting: true }));
  // Mails still being sent after their answer (resend, password reset) finish before the app closes.
  app.addHook('onClose', async () => auth.settleMailWork());
  await app.register(async (scope) => {
    acceptMultipartFields(scope);

    scope.post('/auth/signup', limitsFor(scope, ctx, 'signup', AUTH_LIMITS.signup), async (request, reply) => {
      const input = parseInput(SignupRequest, request.body);
      const user = await auth.signup(ctx, input);
      return reply.status(201).send({ statusCode: 201, message: auth.MESSAGES.signedUp, user });
    });

    scope.post('/auth/verify-email', limitsFor(scope, ctx, 'verify', AUTH_LIMITS.verify), async (request) => {
      await auth.verifyEmail(ctx, parseInput(VerifyEmailRequest, request.body), request.ip);
      return { statusCode: 200, message: auth.MESSAGES.verified };
    });

    scope.post('/auth/resend-otp', limitsFor(scope, ctx, 'resend', AUTH_LIMITS.resend), async (request) => {
      await auth.resendCode(ctx, parseInput(EmailOnlyRequest, request.body).email, request.ip);
      return { statusCode: 200, message: auth.MESSAGES.resent };
    });

    scope.post('/auth/login', limitsFor(scope, ctx, 'login', AUTH_LIMITS.login), async (request) => {
      const result = await auth.login(ctx, parseInput(LoginRequest, request.body));
      return { statusCode: 200, ...result };
    });

    // Method not shown in the spec: POST and GET both sign out. Without a valid token there is nothing to revoke.
    scope.route({
      method: ['POST', 'GET'],
      url: '/auth/logout',
      handler: async (request) => {
        const user = await authenticate(ctx, request);
        if (user) await auth.logout(ctx, user.id);
        return { statusCode: 200, message: auth.MESSAGES.signedOut };
      },
    });

    scope.post(
      '/auth/request-password-reset',
      limitsFor(scope, ctx, 'request-reset', AUTH_LIMITS.requestReset),
      async (request) => {
        await auth.requestPasswordReset(ctx, parseInput(EmailOnlyRequest, request.body).email);
        return { statusCode: 200, message: auth.MESSAGES.resetRequested };
      },
    );

    scope.post('/auth/reset-password', limitsFor(scope, ctx, 'reset', AUTH_LIMITS.reset), async (request) => {
      await auth.resetPassword(ctx, parseInput(ResetPasswordRequest, request.body));
      return { statusCode: 200, message: auth.MESSAGES.passwordReset };
    });
  });
}
