/**
 * Holds every server test to the contract: each answer to a call `ENDPOINTS` declares is checked as it is sent.
 * A success must have the declared status and, with a JSON schema, a body that parses with it; a failure must be
 * an `ErrorBody` whose code is one the entry lists (`errorCodesOf`) with that code's status. A mismatch turns the
 * answer into a 500 naming it (so the test fails where it happened) and is kept for `assertNone`, which the test
 * app's close calls (so a test that ignores the answer fails too).
 */
import zlib from 'node:zlib';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, errorCodesOf, type Endpoint } from '../../../contract/endpoints.ts';
import { ERRORS, ErrorBody } from '../../../contract/errors.ts';
import { AppError } from '../../../server/src/errors.ts';

/** `/v1/jobs/{id}`, `/v1/jobs/:id` and `/files/*` all become `/v1/jobs/{}`: one form to compare routes in. */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{\w+\}|:\w+|\*/g, '{}')}`;
}

export interface DeclaredRoute {
  name: string;
  endpoint: Endpoint;
  /** The path as declared (the entry's or an alias's), OpenAPI style. */
  path: string;
}

/** Every method and path `ENDPOINTS` declares (aliases included), by `routeKey`. */
export function declaredRoutes(): Map<string, DeclaredRoute> {
  const routes = new Map<string, DeclaredRoute>();
  for (const [name, endpoint] of Object.entries(ENDPOINTS as Record<string, Endpoint>))
    for (const { method, path } of [endpoint, ...(endpoint.aliases ?? [])])
      routes.set(routeKey(method, path), { name, endpoint: { ...endpoint, method, path }, path });
  return routes;
}

function bodyText(payload: unknown, encoding: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return undefined; // a stream: a file, not JSON
  return String(encoding).includes('gzip') ? zlib.gunzipSync(payload).toString('utf8') : payload.toString('utf8');
}

function issuesOf(result: v.SafeParseResult<v.GenericSchema>): string {
  return (result.issues ?? [])
    .slice(0, 5)
    .map((i) => `${i.path?.map((p) => String(p.key)).join('.') ?? '(body)'}: ${i.message}`)
    .join('; ');
}

/** What is wrong with an answer of `e`, or null. */
export function answerProblem(
  e: Endpoint,
  status: number,
  contentType: string,
  payload: unknown,
  encoding: unknown,
): string | null {
  const r = e.response;
  const success = status < 400 || r.alsoStatuses?.includes(status);
  const text = bodyText(payload, encoding);
  const isJson = contentType.startsWith('application/json');
  let body: unknown;
  if (isJson && text !== undefined && text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      return 'the body is not valid JSON';
    }
  }
  if (success) {
    const ranged = status === 206 && e.headers?.some((h) => h.name === 'Range');
    if (status !== r.status && !r.alsoStatuses?.includes(status) && !ranged)
      return `status ${status}, the contract says ${r.status}`;
    if (!r.schema) return null;
    if (!isJson) return `content-type "${contentType}", the contract says JSON`;
    const result = v.safeParse(r.schema, body);
    return result.success ? null : `the body does not match the response schema: ${issuesOf(result)}`;
  }
  if (e.textErrors?.[status]) return null; // declared as a plain-text or empty answer
  if (!isJson) return `a ${status} answered as "${contentType}", not an ErrorBody`;
  const result = v.safeParse(ErrorBody, body);
  if (!result.success) return `not an ErrorBody: ${issuesOf(result)}`;
  const { code } = result.output;
  if (!errorCodesOf(e).includes(code)) return `error code ${code} is not among the entry's codes`;
  if (ERRORS[code].status !== status)
    return `${code} answered with status ${status}, the table says ${ERRORS[code].status}`;
  return null;
}

export interface ContractCheck {
  /** Every mismatch seen, with the request and the test it happened in. */
  readonly mismatches: string[];
  /** @throws Error listing every mismatch seen. */
  assertNone(): void;
}

/** Adds the checking hook to `app` (after its routes are registered: Fastify applies hooks when it starts). */
export function checkAnswersAgainstContract(app: FastifyInstance): ContractCheck {
  const routes = declaredRoutes();
  const mismatches: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    const declared = url ? routes.get(routeKey(request.method, url)) : undefined;
    if (!declared || request.method === 'HEAD') return payload;
    const problem = answerProblem(
      declared.endpoint,
      reply.statusCode,
      String(reply.getHeader('content-type') ?? ''),
      payload,
      reply.getHeader('content-encoding'),
    );
    if (!problem) return payload;
    const where = expect.getState().currentTestName ?? 'a set-up step';
    const message = `${request.method} ${request.url} -> ${reply.statusCode}: ${problem} (ENDPOINTS.${declared.name}; in "${where}")`;
    mismatches.push(message);
    reply.removeHeader('content-encoding');
    throw new AppError('INTERNAL', `Contract mismatch: ${message}`);
  });
  return {
    mismatches,
    assertNone() {
      if (mismatches.length)
        throw new Error(`Answers that do not match contract/endpoints.ts:\n- ${mismatches.join('\n- ')}`);
    },
  };
}
