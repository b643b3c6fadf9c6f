/**
 * Runs the own-words work (own-words-work.ts) on a worker thread, so a large file or a long auto-sync never holds
 * the event loop of the process that also answers HTTP requests (/healthz, the API): issue 24 item 5. One thread
 * per run, ended when the run ends. The thread loads the TypeScript sources through tsx's loader, as the server.
 * Aborting (job deleted, SIGTERM drain) asks the thread to stop its espeak-ng children, then terminates it after
 * ABORT_GRACE_MS; the caller gets the signal's reason at once.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MediaError, type MediaErrorCode } from './media-error.ts';
import type { OwnWordsInput, OwnWordsOutput } from './own-words-work.ts';

/** How long an aborted thread gets to kill its children before it is terminated, milliseconds. */
const ABORT_GRACE_MS = 1000;

type Reply =
  | { ok: true; result: OwnWordsOutput }
  | { ok: false; error: { coded: boolean; code?: string; message: string; detail?: string } };

/** ES module source that registers tsx in the thread, then loads the worker entry. */
function bootstrap(): URL {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;
  const entry = new URL('./own-words.worker.ts', import.meta.url).href;
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/**
 * ownWordsWork(input) on a worker thread.
 * @throws as ownWordsWork (a MediaError keeps its code; any other failure is an Error with the thread's message);
 *         the signal's reason when aborted.
 */
export function runOwnWordsInThread(input: OwnWordsInput, signal?: AbortSignal): Promise<OwnWordsOutput> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const worker = new Worker(bootstrap(), { workerData: input });
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
    worker.on('message', (m: Reply) => {
      void worker.terminate();
      finish(() => {
        if (m.ok) return resolve(m.result);
        const { coded, code, message, detail } = m.error;
        reject(coded ? new MediaError(code as MediaErrorCode, message, detail) : new Error(message));
      });
    });
    worker.on('error', (e) => finish(() => reject(e)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`The own-words thread stopped (exit code ${code}) without an answer.`))),
    );
  });
}
