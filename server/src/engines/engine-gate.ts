/**
 * Bounds on one network engine's requests from this process (issue 26 items 5, 6): at most `maxConcurrent`
 * requests in flight and at most `perMinute` requests started in any 60 s (0: no rate bound). Callers over a bound
 * wait their turn in order instead of being refused by the API (429) or overloading a self-hosted server.
 * Settings: ENGINE_MAX_CONCURRENT / ENGINE_REQUESTS_PER_MINUTE and the per-engine DEEPL_*, LIBRETRANSLATE_*,
 * OPENAI_* overrides (engines.config.ts, docs/configuration.md).
 */
import type { EngineLimits } from '../config/engines.config.ts';

/** A gate every request of one engine passes through. */
export interface EngineGate {
  readonly limits: EngineLimits;
  /**
   * Runs `fn` once a slot is free and the minute's budget allows, and frees the slot when it settles.
   * @throws the signal's reason when aborted while waiting (nothing is started then); whatever `fn` throws.
   */
  run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Requests running now. */
  inFlight(): number;
  /** Callers waiting for a slot now. */
  waiting(): number;
}

const MINUTE_MS = 60_000;

/** Creates a gate with `limits` (FIFO; `now` is injectable for tests). */
export function createEngineGate(limits: EngineLimits, now: () => number = Date.now): EngineGate {
  let running = 0;
  const starts: number[] = [];
  const queue: Array<{ go: () => void }> = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Milliseconds until the minute's budget allows one more start (0: now). */
  const rateWait = () => {
    if (!limits.perMinute) return 0;
    const t = now();
    while (starts.length && t - starts[0] >= MINUTE_MS) starts.shift();
    return starts.length < limits.perMinute ? 0 : starts[0] + MINUTE_MS - t;
  };

  function pump() {
    while (queue.length && running < limits.maxConcurrent) {
      const wait = rateWait();
      if (wait > 0) {
        if (!timer)
          timer = setTimeout(() => {
            timer = undefined;
            pump();
          }, wait);
        return;
      }
      running++;
      if (limits.perMinute) starts.push(now());
      queue.shift()!.go();
    }
  }

  return {
    limits,
    inFlight: () => running,
    waiting: () => queue.length,
    async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) throw signal.reason;
      await new Promise<void>((resolve, reject) => {
        const entry = {
          go: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const i = queue.indexOf(entry);
          if (i >= 0) queue.splice(i, 1);
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(entry);
        pump();
      });
      try {
        return await fn();
      } finally {
        running--;
        pump();
      }
    },
  };
}

/**
 * A `fetch` that passes every request through `gate` (for an SDK client that takes its own fetch, as the openai
 * SDK's `fetch` option). The slot is held until the response headers arrive.
 */
export function gatedFetch(gate: EngineGate, base: typeof fetch = fetch): typeof fetch {
  return (input, init) => gate.run(() => base(input, init), init?.signal ?? undefined);
}

/**
 * `fn` over `items` with at most `limit` calls running at once; the results in the items' order.
 * @throws the first rejection; no call starts after it (the calls already running are left to settle).
 */
export async function mapBounded<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i]);
      } catch (e) {
        failed = true; // no new call starts after a failure
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}
