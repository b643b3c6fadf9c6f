/** Messages the upload worker reports to the page; the UI renders only these (house style 10). */
import type { JobResponse } from '../contract/jobs.ts';
import type { ErrorInfo } from '../src/lib/api-error.ts';
import type { QueuedSubmission, UploadKind } from '../src/lib/db.ts';

/** Where a job submission goes: the video/audio or the document call. */
export type SubmitPath = QueuedSubmission['endpoint'];

export type UploadPhase = 'pending' | 'uploading' | 'paused' | 'completed' | 'failed';

/** What the studio shows for one upload. Sizes are bytes; `percent` is the real byte percentage 0-100. */
export interface UploadView {
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  bytesSent: number;
  percent: number;
  status: UploadPhase;
  kind: UploadKind;
  /** The file is not kept on the device: the user must pick the same file again to resume. */
  needsFile: boolean;
  /** Why it is paused or failed (the page words the code in the user's language). */
  error?: ErrorInfo;
  /** Set once the upload finished: the media_url for the job. */
  fileUrl?: string;
  transport?: 'tus' | 'put';
  createdAt: number;
}

export interface QueuedView {
  id: string;
  filename: string;
  endpoint: SubmitPath;
  attempts: number;
  lastError?: ErrorInfo;
  createdAt: number;
}

export type WorkerEvent =
  | { type: 'upload'; upload: UploadView }
  | { type: 'upload-removed'; id: string }
  | { type: 'jobs'; jobs: JobResponse[]; fetchedAt: number; fromCache: boolean }
  | { type: 'jobs-error'; error: ErrorInfo; offline: boolean }
  | { type: 'queue'; items: QueuedView[] }
  | { type: 'submitted'; queuedId: string; job: JobResponse }
  | { type: 'submit-failed'; queuedId: string; endpoint: SubmitPath; error: ErrorInfo }
  | { type: 'connection'; online: boolean }
  | { type: 'unauthorized' };

/** Result of a submission: sent now, or kept on the device until the server can be reached. */
export type SubmitResult = { state: 'sent'; job: JobResponse } | { state: 'queued'; queuedId: string };
