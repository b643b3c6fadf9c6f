/**
 * `Idempotency-Key` on the calls that create something (job creation, upload targets), as Stripe defines it
 * (https://docs.stripe.com/api/idempotent_requests): the first request with a key runs and its successful answer is
 * kept for 24 hours; a request with the same key, method, path and body gets that answer again (with
 * `Idempotent-Replayed: true`) and creates nothing; the same key with anything different answers 422
 * IDEMPOTENCY_KEY_REUSED. Keys are per account and live in the database, so every API process sees them: concurrent
 * duplicates wait for the first one's answer (up to WAIT_MS, then 409 IDEMPOTENCY_KEY_IN_USE).
 * Unlike Stripe, a first request that fails keeps no answer: the key is released and a retry runs again (failures
 * here create nothing: a job and its reservation are written in one transaction).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../db/database.ts';
import * as repo from './idempotency.repository.ts';

/** Longest key accepted (Stripe: 255 characters). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** How long a duplicate waits for the first request's answer, milliseconds. */
const WAIT_MS = 30_000;
const POLL_MS = 50;
/** An unanswered key older than this (seconds) belongs to a request whose process died: it may be taken over. */
const STALE_SECONDS = 120;

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same body. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The header's key, or null without one. @throws AppError IDEMPOTENCY_KEY_INVALID */
function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (!key || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key))
    throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return key;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `run` (which answers a status and a JSON body) at most once per `Idempotency-Key` of the user, and sends
 * its answer, or the kept answer of the first request with that key. `stillExists(body)` tells whether what the
 * kept answer describes is still there: a replay after it was deleted answers 409 IDEMPOTENCY_KEY_TARGET_DELETED
 * rather than a 201 with something gone (issue 35 item 11), and creates nothing (a new key starts anew).
 * @throws AppError IDEMPOTENCY_KEY_INVALID (400), IDEMPOTENCY_KEY_REUSED (422), IDEMPOTENCY_KEY_IN_USE (409),
 *   IDEMPOTENCY_KEY_TARGET_DELETED (409), and whatever `run` throws
 */
export async function idempotent(
  db: DbOrTx,
  userId: string,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<{ status: number; body: unknown }>,
  stillExists?: (body: unknown) => Promise<boolean>,
): Promise<FastifyReply> {
  const key = keyOf(request);
  if (key === null) {
    const result = await run();
    return reply.status(result.status).send(result.body);
  }
  const requestHash = crypto
    .createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
  await repo.dropExpiredKey(db, userId, key);
  let owner = await repo.claimKey(db, userId, key, requestHash);
  const deadline = Date.now() + WAIT_MS;
  while (!owner) {
    const row = await repo.findKey(db, userId, key);
    if (!row) {
      // The first request failed and released it: this one runs.
      owner = await repo.claimKey(db, userId, key, requestHash);
      continue;
    }
    if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.responseStatus !== null) {
      if (stillExists && !(await stillExists(row.responseBody))) throw new AppError('IDEMPOTENCY_KEY_TARGET_DELETED');
      return reply.status(row.responseStatus).header('Idempotent-Replayed', 'true').send(row.responseBody);
    }
    if (await repo.takeOverStaleKey(db, userId, key, STALE_SECONDS)) break;
    if (Date.now() > deadline) throw new AppError('IDEMPOTENCY_KEY_IN_USE');
    await sleep(POLL_MS);
  }
  let result: { status: number; body: unknown };
  try {
    result = await run();
  } catch (err) {
    await repo.releaseKey(db, userId, key);
    throw err;
  }
  await repo.saveResponse(db, userId, key, result.status, result.body);
  return reply.status(result.status).send(result.body);
}
