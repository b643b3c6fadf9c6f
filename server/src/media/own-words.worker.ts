/**
 * Entry of the own-words worker thread (own-words-thread.ts): runs one ownWordsWork (work-thread-serve.ts). An
 * 'abort' message aborts the work (its espeak-ng children are killed).
 */
import { ownWordsWork } from './own-words-work.ts';
import { serveInThread } from '../threads/work-thread-serve.ts';

serveInThread(ownWordsWork);
