/**
 * The one API client (house style 8). Every call goes to the same origin, carries the bearer token when one is
 * stored, reads JSON and turns an `{ error, statusCode, code }` body into an ApiError. A 401 on any call clears
 * the session and sends the user to /auth (spec section 4 / 8) through the handler the app registers.
 */

/** Error answered by the API (or by the network). `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: Record<string, unknown>;
  constructor(message: string, status: number, code = 'UNKNOWN', body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** The server could not be reached (offline, refused, DNS): the request may be retried later. */
export class NetworkError extends ApiError {
  constructor(message = 'The server could not be reached. Check your connection.') {
    super(message, 0, 'NETWORK');
    this.name = 'NetworkError';
  }
}

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

/** Registers how the client finds the token and what a 401 does (wired by the app shell). */
export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body (the login call). */
  form?: Record<string, string>;
  signal?: AbortSignal;
  /** Message used when the server's answer carries none. */
  fallbackMessage?: string;
}

/**
 * Calls `path` on the API and returns the parsed JSON body.
 * @throws ApiError with the server's `error` text (or `fallbackMessage`) for non-2xx answers and error bodies;
 *         NetworkError when the request never reached the server.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { error: text.slice(0, 300) };
    }
  }
  const record = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  if (response.status === 401) {
    hooks.onUnauthorized();
    throw new ApiError(String(record.error ?? 'Unauthorized'), 401, String(record.code ?? 'UNAUTHORIZED'), record);
  }
  // 502-504 come from a proxy in front of a server that is down: treat them like an unreachable server.
  if (response.status >= 502 && response.status <= 504) throw new NetworkError();
  if (!response.ok || (record.error !== undefined && record.error !== null && !Array.isArray(data))) {
    const message = typeof record.error === 'string' && record.error ? record.error : (options.fallbackMessage ?? 'An unexpected error occurred');
    throw new ApiError(message, Number(record.statusCode ?? response.status), String(record.code ?? 'HTTP_' + response.status), record);
  }
  return data as T;
}
