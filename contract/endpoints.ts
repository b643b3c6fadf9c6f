/**
 * The API's calls, one entry each, gathered from the table of each domain (contract/<domain>.endpoints.ts, beside
 * its schemas; the entry's shape in contract/endpoint.ts): method, path (OpenAPI style, `{id}`), who may call it,
 * the request body or query schema, the success answer and the error codes it can answer with. The OpenAPI document
 * (GET /v1/openapi.json) is generated from this table, the web app's API client calls through it (and parses
 * each answer with its schema), and a server test checks that every route the server serves is listed here.
 */
import type * as v from 'valibot';
import type { ErrorCode } from './errors.ts';
import type { AnySchema, Endpoint } from './endpoint.ts';
import { AUTH_ENDPOINTS } from './auth.endpoints.ts';
import { UPLOAD_ENDPOINTS } from './uploads.endpoints.ts';
import { JOB_ENDPOINTS } from './jobs.endpoints.ts';
import { BILLING_ENDPOINTS } from './billing.endpoints.ts';
import { API_ACCESS_ENDPOINTS } from './api-access.endpoints.ts';
import { TEAM_ENDPOINTS } from './teams.endpoints.ts';
import { GLOSSARY_ENDPOINTS } from './glossary.endpoints.ts';
import { OPS_ENDPOINTS } from './ops.endpoints.ts';
import { EDITOR_ENDPOINTS } from './editor.endpoints.ts';
import { QUALITY_ENDPOINTS } from './quality.endpoints.ts';

export * from './endpoint.ts';
export { EDITOR_ENDPOINTS } from './editor.endpoints.ts';

export const ENDPOINTS = {
  ...AUTH_ENDPOINTS,
  ...UPLOAD_ENDPOINTS,
  ...JOB_ENDPOINTS,
  ...BILLING_ENDPOINTS,
  ...API_ACCESS_ENDPOINTS,
  ...TEAM_ENDPOINTS,
  ...GLOSSARY_ENDPOINTS,
  ...OPS_ENDPOINTS,
  // The editor (contract/tracks.ts)
  ...EDITOR_ENDPOINTS,
  // The quality check (contract/quality.ts, issue 37)
  ...QUALITY_ENDPOINTS,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The parsed answer of an endpoint, from its response schema. */
export type ResponseOf<E extends Endpoint> = E['response'] extends { schema: infer S extends AnySchema }
  ? v.InferOutput<S>
  : never;
/** The body an endpoint takes (its schema's input). */
export type BodyOf<E extends Endpoint> = E extends { body: infer S extends AnySchema } ? v.InferInput<S> : never;

/** `/v1/jobs/{id}` with `{ id: 'x' }` -> `/v1/jobs/x` (values URI-encoded). */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Codes every JSON call can answer with: an unexpected failure. */
export const COMMON_ERRORS = ['INTERNAL'] as const satisfies readonly ErrorCode[];
/**
 * Codes every bearer call can answer with when it is made with an API key (issue 23): the key's plan has no API
 * access, or the key went past its rate.
 */
export const API_KEY_ERRORS = ['API_ACCESS_NOT_IN_PLAN', 'RATE_LIMITED'] as const satisfies readonly ErrorCode[];
/** Codes of a call whose JSON or form body is parsed: bad JSON, a body over 64 KB, a Content-Type not taken. */
export const BODY_ERRORS = [
  'BAD_REQUEST',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
] as const satisfies readonly ErrorCode[];

/** True when the server parses the call's body as JSON or form data (not raw bytes). */
export function parsesBody(endpoint: Pick<Endpoint, 'method' | 'bodyType' | 'auth'>): boolean {
  if (endpoint.method === 'GET' || endpoint.method === 'HEAD') return false;
  if (endpoint.auth === 'stripe') return false; // the webhook keeps the raw body for its signature
  return endpoint.bodyType !== 'application/octet-stream' && endpoint.bodyType !== 'application/offset+octet-stream';
}

/**
 * Every code `endpoint` can answer with as an `ErrorBody`: its own `errors`, plus INTERNAL, plus API_KEY_ERRORS
 * for bearer calls, plus VALIDATION_FAILED
 * when it takes a body or query schema, plus BODY_ERRORS when its body is parsed. A call whose failures are all
 * plain text (tus: `textErrors` and no `errors`) has none.
 */
export function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>(endpoint.errors);
  if (endpoint.textErrors && !endpoint.errors.length) return [];
  for (const code of COMMON_ERRORS) codes.add(code);
  if (endpoint.auth === 'bearer') for (const code of API_KEY_ERRORS) codes.add(code);
  if (endpoint.body || endpoint.query) codes.add('VALIDATION_FAILED');
  if (parsesBody(endpoint)) for (const code of BODY_ERRORS) codes.add(code);
  return [...codes];
}
