/**
 * Rate limits of the sign-in calls (issues 2 and 14): per client IP and per account, through @fastify/rate-limit's
 * in-memory store (per process; at scale put a shared store or the proxy's limits in front). Over the limit the
 * call answers 429 RATE_LIMITED with Retry-After. Off when RATE_LIMIT_ENABLED=false.
 *
 * Issue 14: the per-account limit keys on the very field the call authenticates or acts on (`username` on login,
 * `email` elsewhere), normalised as the request schema normalises it (trimmed, lower-cased), so a decoy field in
 * the body cannot move the attempts to another bucket.
 */
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

/** Requests allowed per window: per client IP, and per account named in the body (when the call has one). */
export interface LimitSpec {
  perIp: number;
  perEmail?: number;
  /** The body field that names the account: the field the call authenticates or acts on. */
  accountField?: 'email' | 'username';
  /** Window length, milliseconds. */
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits per call. Calls that send e-mail are tighter per e-mail so nobody can flood an inbox. */
export const AUTH_LIMITS = {
  signup: { perIp: 10, perEmail: 5, accountField: 'email', windowMs: MINUTE },
  login: { perIp: 10, perEmail: 10, accountField: 'username', windowMs: MINUTE },
  verify: { perIp: 10, perEmail: 10, accountField: 'email', windowMs: MINUTE },
  resend: { perIp: 10, perEmail: 5, accountField: 'email', windowMs: MINUTE },
  requestReset: { perIp: 10, perEmail: 5, accountField: 'email', windowMs: MINUTE },
  reset: { perIp: 10, windowMs: MINUTE },
} as const satisfies Record<string, LimitSpec>;

/** The account `field` of the body names, normalised as accounts store it (trimmed, lower-cased). */
export function accountOf(request: FastifyRequest, field: 'email' | 'username'): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const raw = body && typeof body === 'object' ? body[field] : undefined;
  return typeof raw === 'string' && raw.trim() ? raw.trim().toLowerCase() : undefined;
}

/**
 * Route options that apply `spec` to the call `name`: the per-IP limit runs on request (before the body is read),
 * the per-account limit once the body is parsed.
 */
export function limitsFor(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config'>,
  name: string,
  spec: LimitSpec,
): RouteShorthandOptions {
  if (!ctx.config.app.rateLimitEnabled) return {};
  const options: RouteShorthandOptions = {
    config: {
      rateLimit: {
        max: spec.perIp,
        timeWindow: spec.windowMs,
        keyGenerator: (req: FastifyRequest) => `${name}:ip:${req.ip}`,
      },
    },
  };
  if (spec.perEmail) {
    const field = spec.accountField ?? 'email';
    const check = app.createRateLimit({
      max: spec.perEmail,
      timeWindow: spec.windowMs,
      keyGenerator: (req) => `${name}:account:${accountOf(req, field)}`,
    });
    options.preHandler = async (request) => {
      if (!accountOf(request, field)) return;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many attempts for this email. Please try again in ${result.ttlInSeconds} seconds.`,
          {
            retry_after_seconds: result.ttlInSeconds,
          },
        );
      }
    };
  }
  return options;
}
