/**
 * Rate limits of the sign-in calls (issue 2): per client IP and per e-mail, through @fastify/rate-limit's
 * in-memory store (per process; at scale put a shared store or the proxy's limits in front). Over the limit the
 * call answers 429 RATE_LIMITED with Retry-After. Off when RATE_LIMIT_ENABLED=false.
 */
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

/** Requests allowed per window: per client IP, and per e-mail named in the body (when the call has one). */
export interface LimitSpec {
  perIp: number;
  perEmail?: number;
  /** Window length, milliseconds. */
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits per call. Calls that send e-mail are tighter per e-mail so nobody can flood an inbox. */
export const AUTH_LIMITS = {
  signup: { perIp: 10, perEmail: 5, windowMs: MINUTE },
  login: { perIp: 10, perEmail: 10, windowMs: MINUTE },
  verify: { perIp: 10, perEmail: 10, windowMs: MINUTE },
  resend: { perIp: 10, perEmail: 5, windowMs: MINUTE },
  requestReset: { perIp: 10, perEmail: 5, windowMs: MINUTE },
  reset: { perIp: 10, windowMs: MINUTE },
} as const satisfies Record<string, LimitSpec>;

/** The e-mail a body names (`email`, or `username` on login), normalised as accounts store it. */
function emailOf(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const raw = body && typeof body === 'object' ? (body.email ?? body.username) : undefined;
  return typeof raw === 'string' && raw.trim() ? raw.trim().toLowerCase() : undefined;
}

/**
 * Route options that apply `spec` to the call `name`: the per-IP limit runs on request (before the body is read),
 * the per-e-mail limit once the body is parsed.
 */
export function limitsFor(app: FastifyInstance, ctx: Pick<AppContext, 'config'>, name: string, spec: LimitSpec): RouteShorthandOptions {
  if (!ctx.config.app.rateLimitEnabled) return {};
  const options: RouteShorthandOptions = {
    config: { rateLimit: { max: spec.perIp, timeWindow: spec.windowMs, keyGenerator: (req: FastifyRequest) => `${name}:ip:${req.ip}` } },
  };
  if (spec.perEmail) {
    const check = app.createRateLimit({ max: spec.perEmail, timeWindow: spec.windowMs, keyGenerator: (req) => `${name}:email:${emailOf(req)}` });
    options.preHandler = async (request) => {
      if (!emailOf(request)) return;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError('RATE_LIMITED', `Too many attempts for this email. Please try again in ${result.ttlInSeconds} seconds.`, {
          retry_after_seconds: result.ttlInSeconds,
        });
      }
    };
  }
  return options;
}
