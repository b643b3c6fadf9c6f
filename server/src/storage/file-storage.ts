/**
 * The file-storage adapter contract: uploads, job outputs and any other stored file go through it. Two
 * implementations pass one contract suite (tests/server/storage): a local folder with HMAC-signed, expiring URLs
 * (the embedded default) and S3-compatible object storage with presigned URLs.
 * Keys are relative POSIX paths such as `uploads/<userId>/<uploadId>` (no `..`, no leading slash).
 */
import type { Readable } from 'node:stream';

/** Size (bytes), type and last change of a stored object. */
export interface StoredObject {
  sizeBytes: number;
  contentType?: string;
  /** When the object was last written, where the storage knows (local files: the file's mtime). */
  modifiedAt?: Date;
}

/** A byte range `[start, end]`, both inclusive, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Who a download link was handed to: the person (user id) and the account (user id) they acted for. */
export interface LinkHolder {
  personId: string;
  accountId: string;
}

export interface FileStorage {
  kind: 'local' | 's3';
  /**
   * Stores a local file under `key` (replacing any object there). The file is streamed, never read into memory.
   * @param opts.move local storage may move the file instead of copying it (the caller gives it up).
   */
  putFile(key: string, localPath: string, opts: { contentType: string; move?: boolean }): Promise<StoredObject>;
  /** Opens a stream of the object, or of one range of it. @throws StorageError NOT_FOUND. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and type of the object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Runs `fn` with a path on the local disk holding the object (ffprobe and the pipeline need a path): the file
   * itself for local storage, a temporary download under `tmpDir` for S3, removed afterwards.
   */
  withLocalFile<T>(key: string, tmpDir: string, fn: (localPath: string) => Promise<T>): Promise<T>;
  /**
   * A signed URL that downloads the object until `ttlSeconds` from now, with
   * `Content-Disposition: attachment; filename="<filename>"` and the given Content-Type. `holder` (a team member's
   * link) binds the URL to that person acting for that account: local storage checks it when it serves the file
   * (issue 35 item 10); S3 cannot, and its URL simply expires (SIGNED_URL_TTL_SECONDS).
   */
  downloadUrl(
    key: string,
    opts: { filename: string; contentType: string; ttlSeconds?: number; inline?: boolean; holder?: LinkHolder },
  ): Promise<string>;
  /**
   * A signed URL for one PUT of the object's bytes, valid `ttlSeconds`; the PUT must carry this Content-Type.
   * Local storage answers null: the upload module serves its own signed PUT route then.
   */
  presignedPutUrl(key: string, opts: { contentType: string; ttlSeconds: number }): Promise<string | null>;
  /** What GET /healthz shows: `{ ok, kind, ... }`. */
  health(): Promise<{ ok: boolean; kind: string; [detail: string]: unknown }>;
}

/**
 * NOT_FOUND: no object under the key; BAD_KEY: the key is invalid; IO: the store failed (a retry may pass);
 * ACCESS_DENIED: the store refuses this server's credentials (S3 403 AccessDenied, InvalidAccessKeyId,
 * SignatureDoesNotMatch): only the operator can fix it, so retrying cannot help.
 */
export type StorageErrorCode = 'NOT_FOUND' | 'BAD_KEY' | 'IO' | 'ACCESS_DENIED';

/** A storage failure; `code` is stable, `message` readable. */
export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/**
 * Checks a storage key: relative, POSIX separators, no empty, `.` or `..` segments.
 * @throws StorageError BAD_KEY.
 */
export function assertKey(key: string): void {
  const parts = key.split('/');
  if (
    !key ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.includes('\0') ||
    parts.some((p) => p === '' || p === '.' || p === '..')
  ) {
    throw new StorageError('BAD_KEY', `Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** A Content-Disposition value with an ASCII fallback and the RFC 6266 / RFC 5987 `filename*` for other names. */
export function contentDisposition(filename: string, inline = false): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"${ascii === filename ? '' : `; filename*=UTF-8''${encoded}`}`;
}
