/**
 * Runs one piece of heavy work (own words, the classic speakers engine, documents) on a worker thread, so it never
 * holds the event loop of the process that also answers HTTP requests (/healthz, the API): issue 24 item 5. One thread per call, ended when the call ends. The
 * thread loads the TypeScript sources through tsx's loader, as the server does; its entry module calls
 * `serveInThread` (work-thread-serve.ts). Aborting (job deleted, SIGTERM drain) posts 'abort' to the thread (so it
 * can stop its child processes), then terminates it after ABORT_GRACE_MS; the caller gets the signal's reason at once.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { childProcessEnv } from '../config/child-env.ts';
import { CodedError, type ErrorCode } from '../errors.ts';

/** How long an aborted thread gets to kill its children before it is terminated, milliseconds. */
const ABORT_GRACE_MS = 1000;
/**
 * Most MB of a thread's young generation (V8 `resourceLimits.maxYoungGenerationSizeMb`). Media work allocates
 * short-lived arrays fast (an MFCC vector per 10 ms frame); by default V8 let the young generation, then the old
 * one, grow with that rate, not with what is alive: the classic speakers engine's thread ended at ~10 MB of live
 * heap but 76 MB of heap at 10 minutes and 141 MB at 60 (issue 25). Capped here, its resident memory stays at
 * about the same level whatever the length (docs/notes/media-experiments.md, "Memory on long media"), at no measurable
 * cost in time. Only the young generation: the old one holds the work's data and is left unlimited.
 */
export const THREAD_YOUNG_GENERATION_MB = 8;

/** What a thread posts back: its result, or its error as plain data (work-thread-serve.ts). */
export type ThreadReply<O> =
  { ok: true; result: O } | { ok: false; error: { coded: boolean; code?: string; message: string; detail?: string } };

/** A request of the thread to its parent (ThreadParent.call): run `method(...args)` there and answer `id`. */
export interface ThreadCall {
  call: number;
  method: string;
  args: unknown[];
}

/** The parent's answer to ThreadCall `answer`: the method's result, or its error's message. */
export type ThreadAnswer =
  { answer: number; ok: true; result: unknown } | { answer: number; ok: false; message: string };

/**
 * What a thread may ask of the process that started it: each method runs there (where the engines, the database
 * and the network clients live) on structured-cloneable arguments and answers a cloneable result.
 */
export type ParentMethods = Record<string, (...args: never[]) => unknown>;

/** Options of runInThread. */
export interface ThreadOptions {
  /** The methods the thread may call (ThreadParent.call); none by default. */
  parent?: ParentMethods;
  /** The error of a coded failure of the thread (default: a CodedError with its code; media passes MediaError). */
  codedError?: (code: string, message: string, detail?: string) => Error;
}

/** ES module source that registers tsx in the thread, then loads the worker entry `entry`. */
function bootstrap(entry: URL): URL {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/**
 * The work of the entry module `entry` (a file that calls serveInThread) on `input`, run on a worker thread.
 * `input` must be structured-cloneable (typed arrays are copied). The thread may call `options.parent`'s methods.
 * @throws a CodedError (or `options.codedError`'s error) with the thread's code when the work threw a coded error;
 *         an Error with the thread's message for any other failure or when the thread stops without an answer; the
 *         signal's reason when aborted.
 */
export function runInThread<I, O>(entry: URL, input: I, signal?: AbortSignal, options: ThreadOptions = {}): Promise<O> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    // tsx's transform cache would go to the thread's TMPDIR (a job's temp folder may be it): the thread compiles
    // its few modules without one, so it leaves nothing behind.
    const worker = new Worker(bootstrap(entry), {
      workerData: input,
      env: childProcessEnv({ TSX_DISABLE_CACHE: '1' }),
      resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      worker.postMessage('abort');
      setTimeout(() => void worker.terminate(), ABORT_GRACE_MS).unref();
      finish(() => reject(signal!.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const codedError =
      options.codedError ?? ((code, message, detail) => new CodedError(code as ErrorCode, message, detail));
    worker.on('message', (m: ThreadReply<O> | ThreadCall) => {
      if ('call' in m) return void answerCall(worker, options.parent ?? {}, m);
      void worker.terminate();
      finish(() => {
        if (m.ok) return resolve(m.result);
        const { coded, code, message, detail } = m.error;
        reject(coded ? codedError(code!, message, detail) : new Error(message));
      });
    });
    worker.on('error', (e) => finish(() => reject(e)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`The work thread stopped (exit code ${code}) without an answer.`))),
    );
  });
}

/** Runs the thread's call in this process and posts the answer (an unknown method or a throw answers its message). */
async function answerCall(worker: Worker, methods: ParentMethods, m: ThreadCall): Promise<void> {
  let answer: ThreadAnswer;
  try {
    const method = Object.hasOwn(methods, m.method) ? methods[m.method] : undefined;
    if (!method) throw new Error(`The work thread called an unknown method ${m.method}.`);
    answer = { answer: m.call, ok: true, result: await method(...(m.args as never[])) };
  } catch (e) {
    answer = { answer: m.call, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  // The thread may have ended meanwhile (aborted, or it failed): then nobody waits for the answer.
  try {
    worker.postMessage(answer);
  } catch {
    /* ended */
  }
}
