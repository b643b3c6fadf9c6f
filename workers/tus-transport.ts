/**
 * tus 1.0 transport (tus-js-client) for the upload worker: resumable, with a stable fingerprint and the resume
 * URLs kept in IndexedDB (a worker has no localStorage), so a reload or a dropped connection continues from the
 * server's offset (tus 1.0 "HEAD ... The Server MUST always include the Upload-Offset header").
 */
import { Upload, type UrlStorage, type PreviousUpload } from 'tus-js-client';
import * as db from '../src/lib/db.ts';
import type { UploadRecord } from '../src/lib/db.ts';
import { refusalOf } from './transport-refusal.ts';
import { TransportError, type Transport, type TransportCallbacks } from './upload-manager.ts';

/** tus-js-client URL storage backed by the `tus` object store. */
export const idbUrlStorage: UrlStorage = {
  async findAllUploads() {
    return (await db.listTusUrls()).map((r) => ({ ...(r.upload as object), urlStorageKey: r.key }) as PreviousUpload);
  },
  async findUploadsByFingerprint(fingerprint: string) {
    return (await db.findTusUrls(fingerprint)).map(
      (r) => ({ ...(r.upload as object), urlStorageKey: r.key }) as PreviousUpload,
    );
  },
  async removeUpload(key: string) {
    await db.deleteTusUrl(key);
  },
  async addUpload(fingerprint: string, upload: PreviousUpload) {
    const key = `tus::${fingerprint}::${crypto.randomUUID()}`;
    await db.putTusUrl({ key, fingerprint, upload: upload as unknown as Record<string, unknown> });
    return key;
  },
};

/**
 * Chunk size in bytes: about 2% of the file (so a cut connection loses little), at least 32 KB, at most 8 MB
 * (fewer requests for large files).
 */
export function chunkSizeFor(sizeBytes: number): number {
  return Math.min(8 * 1024 * 1024, Math.max(32 * 1024, Math.ceil(sizeBytes / 50)));
}

/** Creates the tus transport for one stored upload. `token` is the bearer token for the tus endpoint. */
export function createTusTransport(
  record: UploadRecord,
  file: Blob,
  token: string | null,
  cb: TransportCallbacks,
): Transport {
  let created = Boolean(record.tusLocation);
  const upload = new Upload(file, {
    endpoint: record.tusUrl,
    uploadUrl: record.tusLocation ?? null,
    chunkSize: chunkSizeFor(record.sizeBytes),
    // Short in-library retries; longer outages are handled by the upload manager's own back-off.
    retryDelays: [0, 1000],
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    metadata: { filename: record.filename, filetype: record.contentType, upload_id: record.uploadId ?? '' },
    fingerprint: async () => record.fingerprint,
    urlStorage: idbUrlStorage,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onUploadUrlAvailable: () => {
      created = true;
      if (upload.url) cb.onLocation(upload.url);
    },
    onProgress: (sent, total) => cb.onProgress(sent, total),
    onSuccess: () => cb.onSuccess(),
    onError: (error) => {
      const status =
        (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0;
      const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody?.() ?? '';
      // The server explains a refusal with a coded error body; the page words the code.
      const message = status ? `Upload failed with status: ${status}` : 'Failed to upload file';
      cb.onError(new TransportError(message, status, created ? 'transfer' : 'create', refusalOf(status, body)));
    },
  });
  return {
    start() {
      if (record.tusLocation) {
        upload.start();
        return;
      }
      // Only a tus upload made for this same server upload is resumed: the same file picked again after a
      // Remove has a new upload id, and its bytes must go there (issue 22 item 1).
      void upload.findPreviousUploads().then((previous) => {
        const same = previous.find((p) => p.metadata?.upload_id === (record.uploadId ?? ''));
        if (same) upload.resumeFromPreviousUpload(same);
        upload.start();
      });
    },
    abort: () => upload.abort(false),
  };
}
