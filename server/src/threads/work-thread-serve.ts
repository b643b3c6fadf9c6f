/**
 * The thread side of work-thread.ts: an entry module calls `serveInThread(work)` once; the work runs on the
 * thread's `workerData` and its result, or its error as plain data (a coded error keeps its code, message and
 * detail), is posted back. An 'abort' message from the parent aborts the work's signal. The work may call the
 * parent's methods (runInThread's `parent` option) through its ThreadParent.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CodedError } from '../errors.ts';
import type { ThreadAnswer, ThreadCall, ThreadReply } from './work-thread.ts';

/** The work's way to its parent process. */
export interface ThreadParent {
  /**
   * Runs the parent's method `method` on `args` (structured-cloneable) and answers its result.
   * @throws Error with the method's error message when it threw (or when the parent has no such method)
   */
  call(method: string, ...args: unknown[]): Promise<unknown>;
}

/**
 * Runs `work(workerData, signal, parent)` and posts its ThreadReply to the parent. Call once, from a thread entry
 * module.
 */
export function serveInThread<I, O>(work: (input: I, signal: AbortSignal, parent: ThreadParent) => Promise<O>): void {
  const port = parentPort!;
  const controller = new AbortController();
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let calls = 0;
  const parent: ThreadParent = {
    call: (method, ...args) =>
      new Promise((resolve, reject) => {
        const call = ++calls;
        waiting.set(call, { resolve, reject });
        port.postMessage({ call, method, args } satisfies ThreadCall);
      }),
  };
  port.on('message', (m: 'abort' | ThreadAnswer) => {
    if (m === 'abort') return void controller.abort(new Error('aborted'));
    const w = waiting.get(m.answer);
    waiting.delete(m.answer);
    if (m.ok) w?.resolve(m.result);
    else w?.reject(new Error(m.message));
  });
  const post = (reply: ThreadReply<O>) => port.postMessage(reply);
  work(workerData as I, controller.signal, parent).then(
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
