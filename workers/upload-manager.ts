/**
 * The upload state machine: pending -> uploading -> (paused <-> uploading) -> completed | failed.
 * Every state change is written to IndexedDB first and then reported, so a reload finds the same state.
 * A dropped connection pauses the upload and it resumes by itself (timer with back-off, and at once when the
 * worker hears `online`); after a restart `restore()` lists unfinished uploads and resumes those whose file is
 * kept on the device; the others wait for the user to pick the same file (recognised by fingerprint).
 */
import * as db from '../src/lib/db.ts';
import type { UploadKind, UploadRecord } from '../src/lib/db.ts';
import { ENDPOINTS } from '../contract/endpoints.ts';
import { callApi } from '../src/lib/api-client.ts';
import { ApiError, errorInfoOf, NetworkError, type ErrorInfo } from '../src/lib/api-error.ts';
import type { UploadView } from './upload-types.ts';
import { contentTypeOf, fingerprintOf, toView } from './upload-records.ts';

export { contentTypeOf, fingerprintOf, toView };

/** A transport moves the bytes of one upload (tus or signed PUT). */
export interface Transport {
  start(): void;
  abort(): Promise<void>;
}

export interface TransportCallbacks {
  /** Bytes sent so far and the total, both in bytes. */
  onProgress(bytesSent: number, bytesTotal: number): void;
  /** The tus resource URL, once the server created it. */
  onLocation(url: string): void;
  onSuccess(): void;
  /** `status` is the HTTP status of the failed request, 0 when there was no answer. */
  onError(error: TransportError): void;
}

/**
 * Failure of a transport. `status` 0 means no answer (offline, refused). `info` is the server's coded refusal
 * (FILE_TOO_LARGE, CORRUPT_MEDIA, EMPTY_DOCUMENT...) when its answer carried one, otherwise UPLOAD_FAILED with
 * the status.
 */
export class TransportError extends Error {
  readonly info: ErrorInfo;
  constructor(
    message: string,
    readonly status: number,
    readonly phase: 'create' | 'transfer',
    info?: ErrorInfo,
  ) {
    super(message);
    this.name = 'TransportError';
    this.info = info ?? { code: 'UPLOAD_FAILED', status, details: {} };
  }
}

export type TransportFactory = (
  kind: 'tus' | 'put',
  record: UploadRecord,
  file: Blob,
  callbacks: TransportCallbacks,
) => Transport;

export interface UploadManagerDeps {
  createTransport: TransportFactory;
  emit: (view: UploadView) => void;
  emitRemoved: (id: string) => void;
  /** Whether a file of `bytes` bytes can be kept in IndexedDB without exceeding the storage quota. */
  fitsInQuota: (bytes: number) => Promise<boolean>;
  /** Retry delays in ms after a dropped connection; the last one repeats. */
  retryDelaysMs?: number[];
  now?: () => number;
  newId?: () => string;
}

interface Active {
  transport?: Transport;
  file?: Blob;
  retryTimer?: ReturnType<typeof setTimeout>;
  retries: number;
  /** Serialises read-modify-write of the stored record: progress events arrive faster than IndexedDB answers. */
  chain: Promise<unknown>;
  waiters: Array<(view: UploadView) => void>;
}

export class UploadManager {
  private readonly active = new Map<string, Active>();
  private readonly deps: Required<UploadManagerDeps>;

  constructor(deps: UploadManagerDeps) {
    this.deps = {
      retryDelaysMs: [1000, 2000, 4000, 8000],
      now: () => Date.now(),
      newId: () => crypto.randomUUID(),
      ...deps,
    };
  }

  /**
   * Starts uploading a picked file, or resumes the unfinished upload of the same file (same fingerprint).
   * @returns the upload's first view; progress follows through `emit`.
   */
  async add(file: File, kind: UploadKind): Promise<UploadView> {
    const fingerprint = fingerprintOf(file);
    const existing = await db.findUploadByFingerprint(fingerprint);
    if (existing && existing.status !== 'completed') {
      return this.resume(existing.id, file);
    }
    const now = this.deps.now();
    const record: UploadRecord = {
      id: this.deps.newId(),
      fingerprint,
      filename: file.name,
      contentType: contentTypeOf(file),
      sizeBytes: file.size,
      lastModified: file.lastModified,
      status: 'pending',
      bytesSent: 0,
      kind,
      createdAt: now,
      updatedAt: now,
    };
    // Keep the file itself when the quota allows, so a restart can resume without asking for it again.
    if (await this.deps.fitsInQuota(file.size).catch(() => false)) record.blob = file;
    await db.putUpload(record);
    this.active.set(record.id, { file, retries: 0, chain: Promise.resolve(), waiters: [] });
    this.report(record);
    void this.run(record.id);
    return toView(record, true);
  }

  /** Resumes an unfinished upload; `file` is needed when the file was not kept on the device. */
  async resume(id: string, file?: Blob): Promise<UploadView> {
    const record = await db.getUpload(id);
    if (!record) throw new ApiError('UPLOAD_GONE', 0, {}, 'This upload no longer exists.');
    const slot = this.slot(id);
    if (file) {
      if (file.size !== record.sizeBytes)
        throw new ApiError('NOT_SAME_FILE', 0, {}, 'This is not the same file: its size differs.');
      slot.file = file;
    } else if (record.blob) {
      slot.file = record.blob;
    }
    if (!slot.file) return toView(record, false);
    if (record.status !== 'completed' && !slot.transport) {
      record.status = 'pending';
      record.error = undefined;
      await db.putUpload(record);
      this.report(record);
      void this.run(id);
    }
    return toView(record, true);
  }

  /** Lists every stored upload and resumes the unfinished ones whose file is kept (after a reload). */
  async restore(): Promise<UploadView[]> {
    const all = await db.listUploads();
    const views: UploadView[] = [];
    for (const record of all) {
      if (record.status === 'completed' || record.status === 'failed' || !record.blob) {
        views.push(toView(record, Boolean(record.blob) || Boolean(this.active.get(record.id)?.file)));
        continue;
      }
      views.push(await this.resume(record.id));
    }
    return views;
  }

  /** Resolves when the upload completes (or at once if it already did); rejects if it fails. */
  async whenDone(id: string): Promise<UploadView> {
    const record = await db.getUpload(id);
    if (!record) throw new ApiError('UPLOAD_GONE', 0, {}, 'This upload no longer exists.');
    if (record.status === 'completed') return toView(record, true);
    return new Promise((resolve) => this.slot(id).waiters.push(resolve));
  }

  /** Called when the network is back: retries every paused upload at once. */
  async onOnline(): Promise<void> {
    for (const [id, slot] of this.active) {
      if (slot.retryTimer) {
        clearTimeout(slot.retryTimer);
        slot.retryTimer = undefined;
        slot.retries = 0;
        void this.run(id);
      }
    }
  }

  /** Stops every transfer and timer without touching what is stored (sign-out, or the worker going away). */
  async dispose(): Promise<void> {
    const slots = [...this.active.values()];
    this.active.clear();
    for (const slot of slots) {
      if (slot.retryTimer) clearTimeout(slot.retryTimer);
      await slot.transport?.abort().catch(() => undefined);
    }
  }

  /**
   * Stops and forgets an upload (the Remove button), with the tus resume URLs kept for its file: the same file
   * picked again is a new upload on the server (a new upload id), and resuming the old tus upload would send its
   * bytes to the upload that was removed (issue 22 item 1).
   */
  async remove(id: string): Promise<void> {
    const slot = this.active.get(id);
    if (slot?.retryTimer) clearTimeout(slot.retryTimer);
    this.active.delete(id);
    await slot?.transport?.abort().catch(() => undefined);
    const record = await db.getUpload(id);
    if (record) for (const tus of await db.findTusUrls(record.fingerprint)) await db.deleteTusUrl(tus.key);
    await db.deleteUpload(id);
    this.deps.emitRemoved(id);
  }

  private slot(id: string): Active {
    let slot = this.active.get(id);
    if (!slot) {
      slot = { retries: 0, chain: Promise.resolve(), waiters: [] };
      this.active.set(id, slot);
    }
    return slot;
  }

  private report(record: UploadRecord): void {
    const slot = this.active.get(record.id);
    const view = toView(record, Boolean(slot?.file) || Boolean(record.blob));
    this.deps.emit(view);
    if (record.status === 'completed' && slot) {
      for (const resolve of slot.waiters.splice(0)) resolve(view);
    }
  }

  private update(id: string, change: Partial<UploadRecord>): Promise<UploadRecord | undefined> {
    const slot = this.active.get(id);
    if (!slot) return Promise.resolve(undefined);
    const next = slot.chain.then(() => this.applyUpdate(id, change));
    slot.chain = next.catch(() => undefined);
    return next;
  }

  private async applyUpdate(id: string, change: Partial<UploadRecord>): Promise<UploadRecord | undefined> {
    const record = await db.getUpload(id);
    if (!record || !this.active.has(id)) return undefined;
    // A late progress event must not bring a finished upload back to 'uploading'.
    if (record.status === 'completed' && change.status !== 'completed') return record;
    const next = { ...record, ...change, updatedAt: this.deps.now() };
    if (next.status === 'completed') delete next.blob; // the server has it now
    await db.putUpload(next);
    this.report(next);
    return next;
  }

  /** One attempt: get the upload URLs if needed, then hand the bytes to a transport. */
  private async run(id: string): Promise<void> {
    const slot = this.active.get(id);
    let record = await db.getUpload(id);
    if (!slot?.file || !record || record.status === 'completed') return;
    if (!record.uploadUrl) {
      try {
        const urls = await callApi(ENDPOINTS.presignedUrl, {
          body: { filename: record.filename, content_type: record.contentType, size_bytes: record.sizeBytes },
        });
        record = await this.update(id, {
          uploadUrl: urls.upload_url,
          fileUrl: urls.file_url,
          tusUrl: urls.tus_url,
          uploadId: urls.upload_id,
          transport: urls.tus_url ? 'tus' : 'put',
        });
        if (!record) return;
      } catch (error) {
        if (error instanceof NetworkError) return this.pause(id, error.info);
        await this.update(id, { status: 'failed', error: errorInfoOf(error) });
        return;
      }
    }
    const current = record;
    record = await this.update(id, { status: 'uploading', error: undefined });
    if (!record) return;
    const kind = current.transport ?? 'tus';
    slot.transport = this.deps.createTransport(kind, record, slot.file, {
      onProgress: (sent) => {
        slot.retries = 0;
        void this.update(id, { bytesSent: sent, status: 'uploading' });
      },
      onLocation: (url) => void this.update(id, { tusLocation: url }),
      onSuccess: () => {
        slot.transport = undefined;
        void this.update(id, { status: 'completed', bytesSent: current.sizeBytes, error: undefined });
      },
      onError: (error) => {
        slot.transport = undefined;
        void this.handleError(id, kind, error);
      },
    });
    slot.transport.start();
  }

  private async handleError(id: string, kind: 'tus' | 'put', error: TransportError): Promise<void> {
    const record = await db.getUpload(id);
    if (!record) return;
    // Server without tus (404/405/501 on creation): fall back to the signed PUT (spec section 7).
    if (
      kind === 'tus' &&
      error.phase === 'create' &&
      [404, 405, 501].includes(error.status) &&
      record.bytesSent === 0
    ) {
      await this.update(id, { transport: 'put' });
      return this.run(id);
    }
    const retryable =
      error.status === 0 || error.status >= 500 || error.status === 409 || error.status === 423 || error.status === 408;
    if (retryable) return this.pause(id, new NetworkError().info);
    await this.update(id, { status: 'failed', error: error.info });
  }

  /** Pauses after a dropped connection (`reason`: NETWORK) and tries again with back-off. */
  private async pause(id: string, reason: ErrorInfo): Promise<void> {
    const slot = this.active.get(id);
    if (!slot) return;
    await this.update(id, { status: 'paused', error: reason });
    const delays = this.deps.retryDelaysMs;
    const delay = delays[Math.min(slot.retries, delays.length - 1)];
    slot.retries += 1;
    if (slot.retryTimer) clearTimeout(slot.retryTimer);
    slot.retryTimer = setTimeout(() => {
      slot.retryTimer = undefined;
      void this.run(id);
    }, delay);
  }
}
