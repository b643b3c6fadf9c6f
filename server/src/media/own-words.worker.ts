/**
 * Entry of the own-words worker thread (own-words-thread.ts): runs one ownWordsWork and posts its result, or its
 * error as plain data (a MediaError keeps its code, message and detail). An 'abort' message aborts the work (its
 * espeak-ng children are killed).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CodedError } from '../errors.ts';
import { ownWordsWork, type OwnWordsInput } from './own-words-work.ts';

const port = parentPort!;
const controller = new AbortController();
port.on('message', (m: unknown) => {
  if (m === 'abort') controller.abort(new Error('aborted'));
});
ownWordsWork(workerData as OwnWordsInput, controller.signal).then(
  (result) => port.postMessage({ ok: true, result }),
  (e: unknown) => {
    const err = e instanceof Error ? e : new Error(String(e));
    port.postMessage({
      ok: false,
      error: {
        coded: err instanceof CodedError,
        code: err instanceof CodedError ? err.code : undefined,
        message: err.message,
        detail: err instanceof CodedError ? err.detail : err.stack,
      },
    });
  },
);
