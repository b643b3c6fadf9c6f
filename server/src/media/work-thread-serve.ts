/**
 * The thread side of work-thread.ts: an entry module calls `serveInThread(work)` once; the work runs on the
 * thread's `workerData` and its result, or its error as plain data (a coded error keeps its code, message and
 * detail), is posted back. An 'abort' message from the parent aborts the work's signal.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CodedError } from '../errors.ts';
import type { ThreadReply } from './work-thread.ts';

/** Runs `work(workerData, signal)` and posts its ThreadReply to the parent. Call once, from a thread entry module. */
export function serveInThread<I, O>(work: (input: I, signal: AbortSignal) => Promise<O>): void {
  const port = parentPort!;
  const controller = new AbortController();
  port.on('message', (m: unknown) => {
    if (m === 'abort') controller.abort(new Error('aborted'));
  });
  const post = (reply: ThreadReply<O>) => port.postMessage(reply);
  work(workerData as I, controller.signal).then(
    (result) => post({ ok: true, result }),
    (e: unknown) => {
      const err = e instanceof Error ? e : new Error(String(e));
      const coded = err instanceof CodedError;
      post({
        ok: false,
        error: {
          coded,
          code: coded ? err.code : undefined,
          message: err.message,
          detail: coded ? err.detail : err.stack,
        },
      });
    },
  );
}
