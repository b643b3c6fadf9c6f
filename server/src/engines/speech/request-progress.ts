/**
 * Progress while a network recogniser's requests are in flight (issue 38: progress moves with the work, at least every
 * 5 s, on the network recognisers too). A request answers only when it is done, so while one is out its share is an
 * estimate from the time it has taken against the time it is expected to take: the piece's audio seconds times a
 * real-time factor, at first the engine's expected one, then the factor measured on the pieces already answered. The
 * estimate runs linearly to 80 % of the piece at the expected time and then ever more slowly towards ESTIMATE_CAP of
 * it (a slow server never makes it run past the real end); the answer moves the piece to its whole share. Times in
 * seconds; shares 0..1.
 */

/** How often the estimate is reported while a request is out, milliseconds (well inside the 5 s asked). */
export const PROGRESS_TICK_MS = 2000;
/** The estimate never passes this share of an unanswered piece. */
export const ESTIMATE_CAP = 0.95;

/**
 * The estimated share (0..ESTIMATE_CAP) of a request `elapsed` seconds old that is expected to take `expected`
 * seconds: linear to 0.8 of the cap at `expected`, then 0.8 + 0.2 * (1 - expected / elapsed) of it, so it keeps
 * rising however long the server takes but never reaches the cap.
 */
export function estimatedShare(elapsed: number, expected: number): number {
  const x = expected > 0 ? Math.max(0, elapsed) / expected : 1;
  return ESTIMATE_CAP * (x <= 1 ? 0.8 * x : 0.8 + 0.2 * (1 - 1 / x));
}

/** What `requestProgress` gives the engine: mark a piece started, answered, and stop the ticking. */
export interface RequestProgress {
  /** Piece `k` (of `seconds` audio seconds) has been sent. */
  start(k: number, seconds: number): void;
  /** Piece `k` has answered: its whole share counts, and its time refines the real-time factor. */
  done(k: number): void;
  /** Stops the timer (always call it, also on failure). */
  stop(): void;
}

/**
 * Reports to `onProgress` the share of `total` audio seconds recognised, counting answered pieces whole and pieces in
 * flight by `estimatedShare`, every PROGRESS_TICK_MS while any is in flight and at each answer; never decreasing.
 * `expectedRtf`: request seconds per audio second expected before any piece has answered (at least 1 s a request).
 */
export function requestProgress(
  total: number,
  expectedRtf: number,
  onProgress?: (fraction: number) => void,
): RequestProgress {
  const flying = new Map<number, { seconds: number; since: number }>();
  let doneSeconds = 0;
  let measuredAudio = 0;
  let measuredTime = 0;
  let last = 0;
  const now = () => performance.now() / 1000;
  const rtf = () => (measuredAudio > 0 ? measuredTime / measuredAudio : expectedRtf);
  const report = () => {
    if (!onProgress || !(total > 0)) return;
    let seconds = doneSeconds;
    const t = now();
    for (const p of flying.values()) seconds += p.seconds * estimatedShare(t - p.since, Math.max(1, p.seconds * rtf()));
    const f = Math.min(1, seconds / total);
    if (f <= last) return;
    last = f;
    onProgress(f);
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    start(k, seconds) {
      flying.set(k, { seconds, since: now() });
      timer ??= setInterval(report, PROGRESS_TICK_MS);
      timer.unref();
    },
    done(k) {
      const p = flying.get(k);
      if (!p) return;
      flying.delete(k);
      doneSeconds += p.seconds;
      measuredAudio += p.seconds;
      measuredTime += now() - p.since;
      if (!flying.size && timer) {
        clearInterval(timer);
        timer = undefined;
      }
      report();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
