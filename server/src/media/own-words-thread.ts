/**
 * Runs the own-words work (own-words-work.ts) on a worker thread (threads/work-thread.ts), so a large file or a long
 * auto-sync never holds the event loop of the process that also answers HTTP requests (issue 24 item 5).
 */
import type { OwnWordsInput, OwnWordsOutput } from './own-words-work.ts';
import { runInThread } from '../threads/work-thread.ts';
import { MediaError, type MediaErrorCode } from './media-error.ts';

/**
 * ownWordsWork(input) on a worker thread.
 * @throws as ownWordsWork (a MediaError keeps its code; any other failure is an Error with the thread's message);
 *         the signal's reason when aborted.
 */
export function runOwnWordsInThread(input: OwnWordsInput, signal?: AbortSignal): Promise<OwnWordsOutput> {
  return runInThread(new URL('./own-words.worker.ts', import.meta.url), input, signal, {
    codedError: (code, message, detail) => new MediaError(code as MediaErrorCode, message, detail),
  });
}
