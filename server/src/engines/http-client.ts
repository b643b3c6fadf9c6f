/**
 * The one HTTP adapter of the network engines: fetch with a timeout, retries on 429 (honouring Retry-After,
 * RFC 9110 section 10.2.3: seconds or an HTTP date, up to a setting) and on 5xx/network errors with exponential
 * back-off. Failures that a retry cannot fix (quota, input over the API's limit, a refused key or request) are
 * thrown at once with their kind, so the job fails with a specific code and is not retried.
 */

import type { EngineHttpConfig } from '../config/engines.config.ts';
import type { EngineGate } from './engine-gate.ts';
import type { EngineMeter } from './engine-usage.ts';
import { EngineHttpError, type EngineFailureKind } from './engine-failure.ts';

/**
 * The vendor's request id of an answer, from the headers the APIs document: `x-request-id` (OpenAI and the servers
 * that follow it), `request-id` (ElevenLabs, Stripe's style), `x-trace-id` (DeepL). Undefined when none is sent.
 */
export function vendorRequestId(headers: { get(name: string): string | null } | undefined): string | undefined {
  for (const name of ['x-request-id', 'request-id', 'x-trace-id']) {
    const id = headers?.get(name)?.trim();
    if (id) return id.slice(0, 200);
  }
  return undefined;
}

/**
 * The HTTP settings of a network engine: the configured ones (engines.config.ts `EngineHttpConfig`: ENGINE_HTTP_*)
 * and what the registry wires in per engine (its gate and meter).
 */
export interface EngineHttpSettings extends EngineHttpConfig {
  /**
   * Waits `ms` milliseconds between tries (default: a timer); rejects with the signal's reason when aborted.
   * Given by tests that check a long Retry-After is waited for without waiting it.
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * The engine's bounds on requests in flight and per minute (engine-gate.ts): every try waits for a slot, held
   * until the answer's headers arrive. Absent: unbounded.
   */
  gate?: EngineGate;
  /**
   * Whether a request that got no answer within `timeoutSeconds` is sent again (default true). False for a
   * generating API (chat completions), where the first request may still be running on the server.
   */
  retryAfterTimeout?: boolean;
  /**
   * The engine stage's usage meter (engine-usage.ts): refuses the call when the engine reached its monthly spend
   * cap, counts every try and adds the units of an answered one. Absent: not metered.
   */
  meter?: EngineMeter;
}

/** Retry and timeout settings of one call. */
export interface HttpOptions extends Partial<EngineHttpSettings> {
  engine: string;
  signal?: AbortSignal;
  /** Units the call sends (characters, or audio seconds; engine-usage.ts), counted when it is answered. */
  units?: number;
  /** Extracts the API's error message from an error body (JSON or text). */
  errorMessage?: (body: string) => string | undefined;
}

/** Default longest Retry-After waited for, seconds (ENGINE_MAX_RETRY_AFTER_SECONDS). */
export const DEFAULT_MAX_RETRY_AFTER_SECONDS = 300;

/** A 400 answer's message that names a size or length limit (DeepL, OpenAI, LibreTranslate wordings). */
const LIMIT_MESSAGE = /too (long|large|many)|maximum|exceed|limit/i;

/**
 * The failure kind of an HTTP error answer (`status`, the API's message and its error `code` when it has one).
 * Source: DeepL API errors (403, 413, 429, 456), OpenAI error codes (insufficient_quota, context_length_exceeded).
 */
export function failureKindOf(status: number, apiMessage = '', apiCode = ''): EngineFailureKind {
  // ElevenLabs answers its character quota with 401 `detail.status` quota_exceeded (API reference, errors).
  if (status === 456 || apiCode === 'insufficient_quota' || apiCode === 'quota_exceeded') return 'quota';
  if (status === 413 || apiCode === 'context_length_exceeded') return 'input_too_large';
  if (status === 400 && LIMIT_MESSAGE.test(apiMessage)) return 'input_too_large';
  if (status === 429 || status >= 500 || status === 408) return 'unavailable';
  return 'refused';
}

/** The `error.code` of an OpenAI-style error body or the `detail.status` of an ElevenLabs one, or ''. */
function apiErrorCode(body: string): string {
  try {
    // OpenAI: `error.code`; ElevenLabs: `detail.status`.
    const b = JSON.parse(body) as { error?: { code?: unknown }; detail?: { status?: unknown } } | null;
    const code = b?.error?.code ?? b?.detail?.status;
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
}

/** Seconds to wait from a Retry-After header value; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

const timerSleep = (ms: number, signal?: AbortSignal) =>
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
 * @throws EngineHttpError with its `kind`: at once for a failure a retry cannot fix (quota, too large, refused) or a
 *         Retry-After over the setting; after the retries for the others; the signal's reason when aborted.
 */
export async function fetchWithRetry(url: string, init: RequestInit, opts: HttpOptions): Promise<Response> {
  const retries = opts.retries ?? 3;
  const timeoutMs = (opts.timeoutSeconds ?? 120) * 1000;
  const maxWait = opts.maxRetryAfterSeconds ?? DEFAULT_MAX_RETRY_AFTER_SECONDS;
  const readError = opts.errorMessage ?? defaultErrorMessage;
  const sleep = opts.sleep ?? timerSleep;
  const meter = opts.meter;
  // An engine over its monthly spend cap is refused before anything is sent (engine-usage.ts).
  await meter?.admit();
  for (let attempt = 0; ; attempt++) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    let res: Response;
    let sentAt = 0;
    const seconds = () => (performance.now() - sentAt) / 1000;
    try {
      // The timeout starts when the request is sent, not while it waits for the engine's gate.
      const send = () => {
        sentAt = performance.now();
        return fetch(url, {
          ...init,
          signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(opts.signal ? [opts.signal] : [])]),
        });
      };
      res = await (opts.gate ? opts.gate.run(send, opts.signal) : send());
    } catch (e) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      await meter?.observe({ status: 0, seconds: seconds() }, 0);
      const timedOut = (e as Error).name === 'TimeoutError';
      const why = timedOut ? `no answer within ${timeoutMs / 1000} s` : `cannot reach ${new URL(url).origin}`;
      if (attempt < retries && !(timedOut && opts.retryAfterTimeout === false)) {
        await sleep(500 * 2 ** attempt, opts.signal);
        continue;
      }
      throw new EngineHttpError(`${opts.engine}: ${why}`, opts.engine, 0);
    }
    await meter?.observe({ status: res.status, seconds: seconds() }, res.ok ? (opts.units ?? 0) : 0);
    if (res.ok) return res;
    const body = await res.text().catch(() => '');
    const apiMessage = readError(body);
    const kind = failureKindOf(res.status, apiMessage, apiErrorCode(body));
    const after = parseRetryAfter(res.headers.get('retry-after'));
    const tooLong = after !== undefined && after > maxWait;
    if (kind === 'unavailable' && attempt < retries && !tooLong) {
      await sleep(after !== undefined ? after * 1000 : 500 * 2 ** attempt, opts.signal);
      continue;
    }
    const what =
      res.status === 401 || res.status === 403
        ? 'the API key was refused'
        : kind === 'quota'
          ? 'quota exceeded'
          : tooLong
            ? `asked to wait ${Math.round(after ?? 0)} s, longer than the ${maxWait} s allowed (ENGINE_MAX_RETRY_AFTER_SECONDS)`
            : res.status === 429
              ? 'rate limit reached, retries used up'
              : kind === 'input_too_large'
                ? `the request is over the API's limit (HTTP ${res.status})`
                : `HTTP ${res.status}`;
    throw new EngineHttpError(
      `${opts.engine}: ${what}${apiMessage ? ` (${apiMessage})` : ''}`,
      opts.engine,
      res.status,
      kind,
      vendorRequestId(res.headers),
    );
  }
}
