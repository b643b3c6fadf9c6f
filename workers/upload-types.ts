/** Messages the upload worker reports to the page; the UI renders only these (house style 10). */
import type { Job } from '../src/lib/api-types.ts';

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
  kind: 'media' | 'document';
  /** The file is not kept on the device: the user must pick the same file again to resume. */
  needsFile: boolean;
  /** Why it is paused or failed, user-readable. */
  error?: string;
  /** Set once the upload finished: the media_url for the job. */
  fileUrl?: string;
  transport?: 'tus' | 'put';
  createdAt: number;
}

export interface QueuedView {
  id: string;
  filename: string;
  endpoint: string;
  attempts: number;
  lastError?: string;
  createdAt: number;
}

export type WorkerEvent =
  | { type: 'upload'; upload: UploadView }
  | { type: 'upload-removed'; id: string }
  | { type: 'jobs'; jobs: Job[]; fetchedAt: number; fromCache: boolean }
  | { type: 'jobs-error'; message: string; offline: boolean }
  | { type: 'queue'; items: QueuedView[] }
  | { type: 'submitted'; queuedId: string; job: Job }
  | { type: 'submit-failed'; queuedId: string; message: string }
  | { type: 'connection'; online: boolean }
  | { type: 'unauthorized' };

/** Result of a submission: sent now, or kept on the device until the server can be reached. */
export type SubmitResult = { state: 'sent'; job: Job } | { state: 'queued'; queuedId: string };
