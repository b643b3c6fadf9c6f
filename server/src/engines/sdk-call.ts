/**
 * Our retry rules around the vendors' official SDKs (`openai`, `deepl-node`,
 * `@elevenlabs/elevenlabs-js`): the SDKs' own retries are turned off
 * (maxRetries 0) so a try is never repeated twice over, and each call goes through `callWithRetry`, which keeps the
 * rules of http-client.ts: a timeout per try, retries of transient failures (network, timeout, 5xx, 429) honouring
 * Retry-After up to a setting, failures a retry cannot fix (quota, input over a limit, refused) thrown at once as an
 * EngineHttpError with their kind, and cancellation through an AbortSignal. With a `meter` (engine-usage.ts), an
 * engine over its monthly spend cap is refused before the first try, and every try is counted (requests, errors by
 * status, latency; an answered try adds `units`).
 */
import { APIError, APIConnectionTimeoutError, APIUserAbortError } from 'openai';
import { AuthorizationError, ConnectionError, DeepLError, QuotaExceededError, TooManyRequestsError } from 'deepl-node';
import {
  DEFAULT_MAX_RETRY_AFTER_SECONDS,
  failureKindOf,
  parseRetryAfter,
  vendorRequestId,
  type HttpOptions,
} from './http-client.ts';
import { EngineHttpError } from './engine-failure.ts';
import { loadedElevenLabsSdk } from './elevenlabs-client.ts';

/** What one failed try says: the HTTP status (0 when no answer came), the API's message and code, Retry-After. */
export interface TryFailure {
  status: number;
  apiMessage?: string;
  apiCode?: string;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  retryAfterSeconds?: number;
  /** Without an answer: why, in words ("no answer within 120 s"). */
  reason?: string;
  /** The vendor's id of the request (http-client.ts vendorRequestId), when the answer carried one. */
  requestId?: string;
}

/** Reads a thrown SDK error; undefined when it is not an API or connection failure (a bug: rethrown as is). */
export type FailureReader = (e: unknown) => TryFailure | undefined;

/**
 * Reads an `openai` SDK error: APIError carries the status, the body's `error.message` / `error.code` and the
 * headers (Retry-After, or OpenAI's `retry-after-ms`); connection errors and timeouts have no status.
 */
export const readOpenAiFailure: FailureReader = (e) => {
  if (e instanceof APIUserAbortError) return undefined;
  if (e instanceof APIConnectionTimeoutError) return { status: 0, reason: 'no answer in time' };
  if (!(e instanceof APIError)) return undefined;
  if (e.status === undefined) return { status: 0, reason: 'cannot reach the server' };
  const body = e.error as { message?: unknown } | undefined;
  // The SDK's Headers type does not resolve under our lib settings: read it as the fetch Headers it is.
  const headers = (e as { headers?: Headers }).headers;
  const ms = Number(headers?.get('retry-after-ms'));
  return {
    status: e.status as number,
    apiMessage: typeof body?.message === 'string' ? body.message : undefined,
    apiCode: (e as { code?: string | null }).code ?? undefined,
    retryAfterSeconds: ms > 0 ? ms / 1000 : parseRetryAfter(headers?.get('retry-after') ?? null),
    requestId: e.requestID ?? vendorRequestId(headers),
  };
};

/**
 * Reads a `deepl-node` error. The SDK does not expose the status or headers, so the status comes from the error's
 * class (403 AuthorizationError, 456 QuotaExceededError, 429 TooManyRequestsError) or its message ("Bad request",
 * "Unexpected status code: 413 ..."), the API's message from the ", message: ..." part (DeepL sends no Retry-After).
 */
export const readDeepLFailure: FailureReader = (e) => {
  if (!(e instanceof DeepLError)) return undefined;
  if (e instanceof ConnectionError) return { status: 0, reason: 'cannot reach the server' };
  const m = e.message;
  const apiMessage = /, message: (.*?)(?:, detail: |, content: |$)/.exec(m)?.[1];
  const status =
    e instanceof AuthorizationError
      ? 403
      : e instanceof QuotaExceededError
        ? 456
        : e instanceof TooManyRequestsError
          ? 429
          : /^Bad request/.test(m)
            ? 400
            : /^Not found/.test(m)
              ? 404
              : /^Service unavailable/.test(m)
                ? 503
                : Number(/status code: (\d{3})/.exec(m)?.[1] ?? 0);
  return status ? { status, apiMessage } : { status: 0, reason: 'no valid answer' };
};

/**
 * Reads an `@elevenlabs/elevenlabs-js` error: `statusCode`, the body's `detail.message` (or a 422's first `msg`),
 * `detail.status` as the code ("quota_exceeded" counts as quota) and Retry-After from the raw response.
 */
export const readElevenLabsFailure: FailureReader = (e) => {
  // The SDK is loaded on first use (elevenlabs-client.ts): before that, nothing can have thrown one of its errors.
  const sdk = loadedElevenLabsSdk();
  if (!sdk) return undefined;
  if (e instanceof sdk.ElevenLabsTimeoutError) return { status: 0, reason: 'no answer in time' };
  if (!(e instanceof sdk.ElevenLabsError)) return undefined;
  if (!e.statusCode) return { status: 0, reason: 'cannot reach the server' };
  const detail = (e.body as { detail?: unknown } | undefined)?.detail;
  const first = Array.isArray(detail) ? (detail[0] as { msg?: unknown } | undefined) : undefined;
  const d = detail as { message?: unknown; status?: unknown } | undefined;
  const apiMessage =
    typeof detail === 'string'
      ? detail
      : typeof d?.message === 'string'
        ? d.message
        : typeof first?.msg === 'string'
          ? first.msg
          : undefined;
  const status = typeof d?.status === 'string' ? d.status : '';
  return {
    status: e.statusCode,
    apiMessage,
    apiCode: status === 'quota_exceeded' ? 'insufficient_quota' : status,
    retryAfterSeconds: parseRetryAfter(e.rawResponse?.headers?.get?.('retry-after') ?? null),
    requestId: vendorRequestId(e.rawResponse?.headers),
  };
};

const timerSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Settles with `p`, or rejects with the signal's reason as soon as it aborts (for SDK calls that take no signal,
 * such as deepl-node's: the request itself then ends at its own timeout).
 */
export function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Runs `run` (one SDK call; it gets a signal that aborts at the try's timeout or on cancellation) with our retries.
 * @returns what `run` resolved to.
 * @throws EngineHttpError with its kind (kind 'spend_cap' before any try when the meter's engine reached its cap;
 *         see http-client.ts fetchWithRetry: at once for quota, too large, refused or a
 *         Retry-After over `maxRetryAfterSeconds`; after `retries` tries for the others); the caller's signal's reason
 *         when aborted; any other error `run` throws, as is.
 */
export async function callWithRetry<T>(
  run: (signal: AbortSignal) => Promise<T>,
  read: FailureReader,
  opts: HttpOptions,
): Promise<T> {
  const retries = opts.retries ?? 3;
  const timeoutMs = (opts.timeoutSeconds ?? 120) * 1000;
  const maxWait = opts.maxRetryAfterSeconds ?? DEFAULT_MAX_RETRY_AFTER_SECONDS;
  const sleep = opts.sleep ?? timerSleep;
  const meter = opts.meter;
  // An engine over its monthly spend cap is refused before anything is sent (engine-usage.ts).
  await meter?.admit();
  for (let attempt = 0; ; attempt++) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    let timeout: AbortSignal | undefined;
    let sentAt = 0;
    const seconds = () => (performance.now() - sentAt) / 1000;
    // The timeout starts when the try is sent, not while it waits for the engine's gate (its bounds on requests in
    // flight and per minute, engine-gate.ts), which it holds until the SDK call ends.
    const send = () => {
      sentAt = performance.now();
      timeout = AbortSignal.timeout(timeoutMs);
      const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
      return untilAborted(run(signal), signal);
    };
    let failure: TryFailure | undefined;
    try {
      const out = await (opts.gate ? opts.gate.run(send, opts.signal) : send());
      await meter?.observe({ status: 200, seconds: seconds() }, opts.units ?? 0);
      return out;
    } catch (e) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      failure = timeout?.aborted ? { status: 0, reason: `no answer within ${timeoutMs / 1000} s` } : read(e);
      if (!failure) throw e;
      await meter?.observe({ status: failure.status, seconds: seconds() }, 0);
    }
    const { status, apiMessage = '', apiCode = '', retryAfterSeconds: after } = failure;
    const kind = status === 0 ? 'unavailable' : failureKindOf(status, apiMessage, apiCode);
    const tooLong = after !== undefined && after > maxWait;
    // A generating API (chat completions) may still be writing the first answer: no second request after a timeout.
    const resendable = !(timeout?.aborted && opts.retryAfterTimeout === false);
    if (kind === 'unavailable' && attempt < retries && !tooLong && resendable) {
      await sleep(after !== undefined ? after * 1000 : 500 * 2 ** attempt, opts.signal);
      continue;
    }
    const what =
      status === 0
        ? (failure.reason ?? 'no answer')
        : status === 401 || status === 403
          ? 'the API key was refused'
          : kind === 'quota'
            ? 'quota exceeded'
            : tooLong
              ? `asked to wait ${Math.round(after)} s, longer than the ${maxWait} s allowed (ENGINE_MAX_RETRY_AFTER_SECONDS)`
              : status === 429
                ? 'rate limit reached, retries used up'
                : kind === 'input_too_large'
                  ? `the request is over the API's limit (HTTP ${status})`
                  : `HTTP ${status}`;
    throw new EngineHttpError(
      `${opts.engine}: ${what}${apiMessage ? ` (${apiMessage})` : ''}`,
      opts.engine,
      status,
      kind,
      failure.requestId,
    );
  }
}
