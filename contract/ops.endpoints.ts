/**
 * The OpenAPI document, health, readiness and metrics: the endpoint table of this domain (contract/endpoint.ts has
 * the shape).
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { ENGINE_SET_STAGES } from './errors.ts';
import type { Endpoint } from './endpoint.ts';

export const OPS_ENDPOINTS = {
  // Operations
  openApi: {
    method: 'GET',
    path: '/v1/openapi.json',
    tag: 'reference',
    summary: 'This reference as an OpenAPI 3.1 document (the interactive page is /docs)',
    description: 'Generated from the contract: contract/endpoints.ts and the valibot schemas it names.',
    auth: 'none',
    response: { status: 200, contentType: 'application/json', description: 'The OpenAPI 3.1 document' },
    errors: [],
  },
  health: {
    method: 'GET',
    path: '/healthz',
    tag: 'health',
    summary: 'Health of the database, queue, mail, storage, engines and billing (503 when a part is down)',
    auth: 'none',
    response: {
      status: 200,
      schema: v.looseObject({ status: v.picklist(['ok', 'degraded']) }),
      description: 'The report: `status` and one entry per part (`ok`, and what it is)',
      alsoStatuses: [503],
    },
    errors: [],
  },
  ready: {
    method: 'GET',
    path: '/readyz',
    tag: 'health',
    summary: 'Readiness: 200 when this process can take requests (database and queue answer, not shutting down)',
    description:
      'Apart from /healthz (the full report): a load balancer sends traffic only to a ready instance; a stopping ' +
      'instance answers 503 at once.',
    auth: 'none',
    response: {
      status: 200,
      schema: v.looseObject({
        status: v.picklist(['ready', 'not_ready']),
        database: v.boolean(),
        queue: v.boolean(),
        stopping: v.boolean(),
        engine_quota: v.picklist(['ok', 'exhausted', 'unknown']),
        engine_quotas: v.optional(
          v.array(
            v.object({
              engine: v.string(),
              exhausted: v.nullable(v.boolean()),
              used: v.nullable(finiteNumber()),
              limit: v.nullable(finiteNumber()),
              error: v.optional(v.string()),
            }),
          ),
        ),
        engine_spend: v.picklist(['ok', 'reached', 'unknown']),
        engines: v.optional(
          v.array(
            v.object({
              engine: v.string(),
              stage: v.picklist(ENGINE_SET_STAGES),
              kind: v.picklist(['local', 'network']),
              available: v.boolean(),
              checked_at: v.pipe(v.string(), v.isoTimestamp()),
              latency_ms: finiteNumber(),
              quota: v.optional(
                v.object({
                  exhausted: v.nullable(v.boolean()),
                  used: v.nullable(finiteNumber()),
                  limit: v.nullable(finiteNumber()),
                  error: v.optional(v.string()),
                }),
              ),
              spend: v.optional(v.object({ spent_usd: finiteNumber(), cap_usd: finiteNumber(), reached: v.boolean() })),
            }),
          ),
        ),
        engine_spends: v.optional(
          v.array(
            v.object({
              engine: v.string(),
              spent_usd: finiteNumber(),
              cap_usd: finiteNumber(),
              reached: v.boolean(),
            }),
          ),
        ),
      }),
      description:
        '`status`, and whether the database and the queue answer and the process is stopping; `engine_quota`: ' +
        "whether an engine's quota is used up (DeepL's /v2/usage; `unknown` when it could not be asked). An " +
        'exhausted quota does not make the instance not ready. `engine_spend`: whether an engine with a monthly ' +
        'spend cap (OPENAI_MONTHLY_SPEND_CAP_USD ...) has reached it this UTC month (its calls are then refused; ' +
        'ok without caps). Loopback clients and the metrics token also get `engine_quotas`: each engine with its ' +
        'characters used and allowed, `engine_spends`: each capped engine with its estimated spend and cap, USD, ' +
        'and `engines`: every configured engine of every stage (best first) with `kind` (local or network), ' +
        '`available` (its check answered: GET /v1/models, /v2/usage, /languages ...; local: program and model ' +
        'present), `checked_at`, `latency_ms` (the check, at most 30 s old), and its `quota` and `spend` when it ' +
        'has them. An engine not available does not make the instance not ready',
      alsoStatuses: [503],
    },
    errors: [],
  },
  metrics: {
    method: 'GET',
    path: '/metrics',
    tag: 'health',
    summary: 'Operator metrics in the Prometheus text format (tarjama_* families)',
    description:
      'Jobs by status, queue depth by plan, stage durations, real-time factor, credits reserved and charged, ' +
      'upload bytes, HTTP latency, per network engine requests, errors by status, latency, units sent and ' +
      'estimated cost (and the month of every process from the database), and the process figures. Answers requests from loopback only, unless the ' +
      'server has METRICS_TOKEN set: then also `Authorization: Bearer METRICS_TOKEN` from anywhere.',
    auth: 'none',
    response: { status: 200, contentType: 'text/plain', description: 'Prometheus text format 0.0.4' },
    errors: ['FORBIDDEN'],
  },
} as const satisfies Record<string, Endpoint>;
