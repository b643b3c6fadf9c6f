/**
 * Job submissions that survive being offline: a submission made while the server cannot be reached (or before
 * its upload finished) is stored in IndexedDB and sent, in order, once the server answers again.
 * A refusal by the server (4xx, e.g. 402 not enough credits) is not retried: it is reported to the user.
 */
import * as v from 'valibot';
import { ENDPOINTS } from '../contract/endpoints.ts';
import type { DocumentJobRequest, JobResponse, TranslateJobRequest } from '../contract/jobs.ts';
import * as db from '../src/lib/db.ts';
import type { QueuedSubmission, SubmissionRequest } from '../src/lib/db.ts';
import { callApi } from '../src/lib/api-client.ts';
import { ApiError, errorInfoOf, NetworkError, type ErrorInfo } from '../src/lib/api-error.ts';
import type { QueuedView, SubmitPath, SubmitResult, WorkerEvent } from './upload-types.ts';

export interface SubmissionQueueDeps {
  emit: (event: WorkerEvent) => void;
  /** The finished upload's file_url, or undefined while it is still uploading. */
  fileUrlOf: (uploadRef: string) => Promise<string | undefined>;
  /**
   * Why the upload failed (the server refused the file: empty, not media, not a document), or undefined while it
   * runs or once it finished. A submission waiting for a failed upload is dropped and reported, never kept.
   */
  uploadErrorOf?: (uploadRef: string) => Promise<ErrorInfo | undefined>;
  /** Called once a submission that used an upload was accepted: the upload record is no longer needed. */
  onSent?: (uploadRef: string) => void;
  newId?: () => string;
  now?: () => number;
}

function toView(item: QueuedSubmission): QueuedView {
  const request = item.request;
  return {
    id: item.id,
    filename:
      request.original_filename ??
      (request.media_url ? decodeURIComponent(request.media_url.split('?')[0].split('/').pop() ?? '') : ''),
    endpoint: item.endpoint,
    attempts: item.attempts,
    lastError: item.lastError,
    createdAt: item.createdAt,
  };
}

export class SubmissionQueue {
  private flushing: Promise<void> | null = null;
  private readonly newId: () => string;
  private readonly now: () => number;

  constructor(private readonly deps: SubmissionQueueDeps) {
    this.newId = deps.newId ?? (() => crypto.randomUUID());
    this.now = deps.now ?? (() => Date.now());
  }

  /**
   * Sends a job now, or queues it when the server is unreachable or its upload is not finished.
   * @throws ApiError when the server refuses the job (validation, 402 credits): the caller shows it.
   */
  async submit(endpoint: SubmitPath, request: SubmissionRequest, uploadRef?: string): Promise<SubmitResult> {
    const item: QueuedSubmission = {
      id: this.newId(),
      endpoint,
      request,
      uploadRef,
      attempts: 0,
      createdAt: this.now(),
    };
    const mediaUrl = request.media_url ?? (uploadRef ? await this.deps.fileUrlOf(uploadRef) : undefined);
    if (!mediaUrl && uploadRef) {
      const failure = await this.deps.uploadErrorOf?.(uploadRef);
      if (failure) throw new ApiError(failure.code, failure.status, failure.details);
    }
    if (!mediaUrl) return this.enqueue(item);
    try {
      const job = await this.send({ ...item, request: { ...request, media_url: mediaUrl } });
      if (uploadRef) this.deps.onSent?.(uploadRef);
      return { state: 'sent', job };
    } catch (error) {
      if (error instanceof NetworkError) return this.enqueue({ ...item, attempts: 1, lastError: error.info });
      throw error;
    }
  }

  /** Lists waiting submissions, oldest first. */
  async list(): Promise<QueuedView[]> {
    return (await db.listQueued()).map(toView);
  }

  /** Removes a waiting submission (the user changed their mind). */
  async cancel(id: string): Promise<void> {
    await db.deleteQueued(id);
    await this.publish();
  }

  /** Sends every waiting submission in order; stops at the first network failure. Concurrent calls share one run. */
  flush(): Promise<void> {
    this.flushing ??= this.flushOnce().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    for (const item of await db.listQueued()) {
      const mediaUrl =
        item.request.media_url ?? (item.uploadRef ? await this.deps.fileUrlOf(item.uploadRef) : undefined);
      if (!mediaUrl) {
        const failure = item.uploadRef ? await this.deps.uploadErrorOf?.(item.uploadRef) : undefined;
        if (failure) {
          await db.deleteQueued(item.id);
          this.deps.emit({ type: 'submit-failed', queuedId: item.id, endpoint: item.endpoint, error: failure });
        }
        continue; // its upload is still running (or it failed and the submission is dropped)
      }
      try {
        const job = await this.send({ ...item, request: { ...item.request, media_url: mediaUrl } });
        await db.deleteQueued(item.id);
        if (item.uploadRef) this.deps.onSent?.(item.uploadRef);
        this.deps.emit({ type: 'submitted', queuedId: item.id, job });
      } catch (error) {
        if (error instanceof NetworkError) {
          await db.putQueued({ ...item, attempts: item.attempts + 1, lastError: error.info });
          break;
        }
        await db.deleteQueued(item.id);
        this.deps.emit({
          type: 'submit-failed',
          queuedId: item.id,
          endpoint: item.endpoint,
          error: errorInfoOf(error),
        });
      }
    }
    await this.publish();
  }

  private async enqueue(item: QueuedSubmission): Promise<SubmitResult> {
    await db.putQueued(item);
    await this.publish();
    return { state: 'queued', queuedId: item.id };
  }

  private async publish(): Promise<void> {
    this.deps.emit({ type: 'queue', items: await this.list() });
  }

  /** Sends a submission whose media_url is known, to its endpoint. @throws ApiError / NetworkError. */
  private async send(item: QueuedSubmission): Promise<JobResponse> {
    // original_filename is a local label for the queue list; the API does not take it.
    const { original_filename: _label, ...body } = item.request;
    if (item.endpoint === ENDPOINTS.translateDocument.path)
      return callApi(ENDPOINTS.translateDocument, { body: body as v.InferInput<typeof DocumentJobRequest> });
    return callApi(ENDPOINTS.translate, { body: body as v.InferInput<typeof TranslateJobRequest> });
  }
}
