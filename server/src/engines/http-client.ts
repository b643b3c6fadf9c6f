/**
 * The one HTTP adapter of the network engines: fetch with a timeout, retries on 429 (honouring Retry-After,
 * RFC 9110 section 10.2.3: seconds or an HTTP date) and on 5xx/network errors with exponential back-off.
 */

/** An HTTP API answered with an error; the message names the engine, the status and the API's own message. */
export class EngineHttpError extends Error {
  constructor(
    message: string,
    readonly engine: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'EngineHttpError';
  }
}

/** Retry and timeout settings. `maxRetryAfterSeconds` caps how long one Retry-After may make us wait. */
export interface HttpOptions {
  engine: string;
  retries?: number;
  timeoutSeconds?: number;
  maxRetryAfterSeconds?: number;
  signal?: AbortSignal;
  /** Extracts the API's error message from an error body (JSON or text). */
  errorMessage?: (body: string) => string | undefined;
}

/** Seconds to wait from a Retry-After header value; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The message a typical JSON error body carries (OpenAI `error.message`, DeepL `message`, LibreTranslate `error`). */
export function defaultErrorMessage(body: string): string | undefined {
  try {
    const j = JSON.parse(body) as {
      error?: { message?: unknown } | string;
      message?: unknown;
      detail?: unknown;
    } | null;
    const m = (typeof j?.error === 'string' ? j.error : j?.error?.message) ?? j?.message ?? j?.detail;
    return typeof m === 'string' ? m : undefined;
  } catch {
    return body.trim().slice(0, 200) || undefined;
  }
}

/**
 * fetch with retries. Returns the successful Response (2xx).
 * @throws EngineHttpError for 4xx other than 429, or once retries are used up; the signal's reason when aborted.
 */
export async function fetchWithRetry(url: string, init: RequestInit, opts: HttpOptions): Promise<Response> {
  const retries = opts.retries ?? 3;
  const timeoutMs = (opts.timeoutSeconds ?? 120) * 1000;
  const maxWait = opts.maxRetryAfterSeconds ?? 60;
  const readError = opts.errorMessage ?? defaultErrorMessage;
  for (let attempt = 0; ; attempt++) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    const signals = [AbortSignal.timeout(timeoutMs), ...(opts.signal ? [opts.signal] : [])];
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.any(signals) });
    } catch (e) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      const why =
        (e as Error).name === 'TimeoutError'
          ? `no answer within ${timeoutMs / 1000} s`
          : `cannot reach ${new URL(url).origin}`;
      if (attempt < retries) {
        await sleep(500 * 2 ** attempt, opts.signal);
        continue;
      }
      throw new EngineHttpError(`${opts.engine}: ${why}`, opts.engine, 0);
    }
    if (res.ok) return res;
    const body = await res.text().catch(() => '');
    const apiMessage = readError(body);
    const retryable = res.status === 429 || res.status >= 500;
    if (retryable && attempt < retries) {
      const after = parseRetryAfter(res.headers.get('retry-after'));
      if (after === undefined || after <= maxWait) {
        await sleep(after !== undefined ? after * 1000 : 500 * 2 ** attempt, opts.signal);
        continue;
      }
    }
    const what =
      res.status === 401 || res.status === 403
        ? 'the API key was refused'
        : res.status === 429
          ? 'rate limit reached, retries used up'
          : res.status === 456
            ? 'quota exceeded'
            : `HTTP ${res.status}`;
    throw new EngineHttpError(
      `${opts.engine}: ${what}${apiMessage ? ` (${apiMessage})` : ''}`,
      opts.engine,
      res.status,
    );
  }
}
