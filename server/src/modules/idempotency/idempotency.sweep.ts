/** Removes Idempotency-Keys past their 24 hours, hourly (a route module: it serves nothing). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sweepExpiredKeys } from './idempotency.repository.ts';

const SWEEP_MS = 60 * 60 * 1000;

export async function idempotencySweep(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  const timer = setInterval(
    () => void sweepExpiredKeys(ctx.db).catch((err) => ctx.logger.warn({ err }, 'idempotency key sweep failed')),
    SWEEP_MS,
  );
  timer.unref();
  ctx.onClose.push(async () => clearInterval(timer));
}
