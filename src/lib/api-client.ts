/**
 * The one API client (house style 8). Every call names its entry of the contract's `ENDPOINTS`
 * (contract/endpoints.ts): method and path come from it, the body is sent as JSON or form data as it says, and the
 * answer is parsed with its response schema, so a server change that breaks the web fails the type check, and an
 * answer that does not match the contract is a clear error, never silently accepted.
 * Calls go to the same origin with the bearer token when one is stored. A 401 on any call clears the session and
 * sends the user to /auth (spec sections 4 and 8) through the handler the app registers.
 */
import * as v from 'valibot';
import { pathOf, type Endpoint, type ResponseOf } from '../../contract/endpoints.ts';
import { ApiError, errorInfoFromBody, NetworkError } from './api-error.ts';

export { ApiError, NetworkError };

export interface ApiClientHooks {
  /** Current bearer token, or null when signed out. */
  getToken: () => string | null;
  /** Called once per 401 answer: clears the session and redirects to /auth. */
  onUnauthorized: () => void;
}

let hooks: ApiClientHooks = {
  getToken: () => {
    try {
      return localStorage.getItem('access_token');
    } catch {
      return null;
    }
  },
  onUnauthorized: () => undefined,
};

/** Registers how the client finds the token and what a 401 does (wired by the app shell and the worker). */
export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

type AnySchema = v.GenericSchema<unknown, unknown>;
/** An endpoint whose success answer is JSON with a schema (redirects, files and HTML pages are not called here). */
export type JsonEndpoint = Endpoint & { response: { schema: AnySchema } };

/** `'/v1/jobs/{id}'` -> `'id'`. */
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

/** What a call of `E` takes: its path parameters, its body (the schema's input), its query and an abort signal. */
export type CallOptions<E extends JsonEndpoint> = { signal?: AbortSignal } & ([ParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<E['path']>, string> }) &
  (E extends { body: infer B extends AnySchema } ? { body: v.InferInput<B> } : { body?: undefined }) &
  (E extends { query: infer Q extends AnySchema } ? { query?: v.InferInput<Q> } : { query?: undefined });

type OptionsArg<E extends JsonEndpoint> =
  Record<string, never> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

function urlOf(endpoint: JsonEndpoint, options: { params?: Record<string, string>; query?: unknown }): string {
  const path = pathOf(endpoint, options.params);
  // Query schemas take strings (and numbers); values left undefined are not sent.
  const query = options.query as Record<string, string | number | undefined> | undefined;
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function encodeBody(endpoint: JsonEndpoint, body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (endpoint.bodyType === 'application/x-www-form-urlencoded') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    return new URLSearchParams(body as Record<string, string>).toString();
  }
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { error: text.slice(0, 300) };
  }
}

/**
 * Calls `endpoint` and returns its answer parsed with the endpoint's response schema.
 * @throws ApiError with the answer's contract code and details for an error answer (or a body with `error`,
 *         spec section 7); INVALID_RESPONSE when a success answer does not match the contract (the issues go to
 *         console.error); NetworkError when the request never reached the server (or a proxy answered 502-504).
 */
export async function callApi<E extends JsonEndpoint>(endpoint: E, ...args: OptionsArg<E>): Promise<ResponseOf<E>> {
  const options = (args[0] ?? {}) as {
    params?: Record<string, string>;
    body?: unknown;
    query?: unknown;
    signal?: AbortSignal;
  };
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const body = encodeBody(endpoint, options.body, headers);
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, options), {
      method: endpoint.method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  const data = await readJson(response);
  const record = (data && typeof data === 'object' && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
  const englishText = typeof record.error === 'string' ? record.error : `HTTP ${response.status}`;
  if (response.status === 401) {
    hooks.onUnauthorized();
    const info = errorInfoFromBody(401, data);
    throw new ApiError(info.code === 'UNKNOWN' ? 'UNAUTHORIZED' : info.code, 401, info.details, englishText);
  }
  if (response.status >= 502 && response.status <= 504) throw new NetworkError();
  if (!response.ok || (record.error !== undefined && record.error !== null)) {
    const info = errorInfoFromBody(response.status, data);
    throw new ApiError(info.code, info.status, info.details, englishText);
  }
  const parsed = v.safeParse(endpoint.response.schema, data);
  if (!parsed.success) {
    console.error(`${endpoint.method} ${endpoint.path}: the answer does not match the contract`, parsed.issues);
    throw new ApiError('INVALID_RESPONSE', response.status, {}, `${endpoint.method} ${endpoint.path}: invalid answer`);
  }
  return parsed.output as ResponseOf<E>;
}

/**
 * The signed URL an API file path redirects to (GET /v1/uploads/{id}/file answers 302 to a signed download once
 * the bearer token is checked), for elements that cannot send the token (<video>, wavesurfer's fetch). Asks with
 * HEAD so no bytes are read; the redirect is followed and the final address returned. URLs that are not API
 * paths of this origin are returned as they are. @throws NetworkError offline; ApiError when the file is refused (UPLOAD_NOT_FOUND, UNAUTHORIZED).
 */
export async function signedUrlOf(url: string): Promise<string> {
  const target = new URL(url, location.href);
  if (target.origin !== location.origin || !target.pathname.startsWith('/v1/')) return url;
  const headers: Record<string, string> = {};
  const token = hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(target.pathname + target.search, { method: 'HEAD', headers });
  } catch {
    throw new NetworkError();
  }
  // A presigned S3 GET URL may refuse HEAD (its signature names GET): the address is what is needed.
  if (response.redirected) return response.url;
  if (response.status === 401) {
    hooks.onUnauthorized();
    throw new ApiError('UNAUTHORIZED', 401);
  }
  // HEAD answers carry no body: the status says which refusal it is.
  if (response.status === 404) throw new ApiError('UPLOAD_NOT_FOUND', 404);
  if (!response.ok) throw new ApiError('UNKNOWN', response.status);
  return response.url;
}

/**
 * Calls an endpoint whose success answer is a text file (e.g. GET /v1/glossary/export, CSV) and returns the text.
 * @throws ApiError for an error answer (its contract code), NetworkError when the server was not reached.
 */
export async function callApiText(endpoint: Endpoint, params: Record<string, string> = {}): Promise<string> {
  const headers: Record<string, string> = {};
  const token = hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint as JsonEndpoint, { params }), { method: endpoint.method, headers });
  } catch {
    throw new NetworkError();
  }
  if (response.ok) return response.text();
  if (response.status === 401) hooks.onUnauthorized();
  const data = await readJson(response);
  const info = errorInfoFromBody(response.status, data);
  throw new ApiError(info.code, info.status, info.details, `HTTP ${response.status}`);
}
