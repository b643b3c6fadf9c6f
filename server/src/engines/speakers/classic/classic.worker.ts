/** Entry of the classic diarization's worker thread (engines/speakers/classic.engine.ts, work-thread.ts). */
import { serveInThread } from '../../../threads/work-thread-serve.ts';
import { classicWork } from './classic-work.ts';

serveInThread(classicWork);
