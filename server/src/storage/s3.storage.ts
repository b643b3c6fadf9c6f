/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph, R2...): presigned GET URLs for downloads (with
 * response-content-disposition so the browser saves under the spec's name) and presigned PUT URLs for direct
 * uploads, so file bytes never pass through this server at scale.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '../config/app.config.ts';
import { assertKey, contentDisposition, StorageError, type FileStorage, type StoredObject } from './file-storage.ts';

/** The S3 settings of the configuration (STORAGE=s3; signedUrlTtlSeconds is the lifetime of download URLs). */
export type S3StorageOptions = Omit<Extract<AppConfig['storage'], { kind: 's3' }>, 'kind'>;

/** The client settings, shared with @tus/s3-store so tus uploads land in the same bucket. */
export function s3ClientConfig(opts: S3StorageOptions) {
  return {
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: S3-compatible servers (older MinIO, Ceph) refuse the SDK's default
    // aws-chunked CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * True when S3 refused the credentials or the bucket policy: HTTP 403 (AccessDenied, InvalidAccessKeyId,
 * SignatureDoesNotMatch: Amazon S3 API Reference, "Error responses"). A retry cannot pass.
 */
function isAccessDenied(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.$metadata?.httpStatusCode === 403 ||
    ['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch'].includes(e?.name ?? e?.Code ?? '')
  );
}

/** An S3 failure as StorageError (ACCESS_DENIED for a 403, else IO), naming the key; the SDK's words kept (logs). */
function asStorageError(err: unknown, key: string): StorageError {
  if (err instanceof StorageError) return err;
  const words = (err as Error)?.message ?? String(err);
  if (isAccessDenied(err))
    return new StorageError('ACCESS_DENIED', `The bucket refused access to ${key} (403): ${words}`);
  return new StorageError('IO', `Could not store ${key}: ${words}`);
}

/** Tries of one upload: each reads the local file again (a stream body cannot be re-sent by the SDK). */
const PUT_TRIES = 3;

/** True for a failure a new try may pass: the network, a timeout, S3's 5xx or SlowDown. */
function isTransient(err: unknown): boolean {
  const e = err as { $metadata?: { httpStatusCode?: number }; code?: string; name?: string; $retryable?: unknown };
  const status = e?.$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500 || status === 429;
  return (
    !!e?.$retryable ||
    /ECONNRESET|EPIPE|ETIMEDOUT|ECONNREFUSED|socket hang up|TimeoutError/i.test(
      `${e?.code ?? ''} ${e?.name ?? ''} ${(err as Error)?.message ?? ''}`,
    )
  );
}

/** The size of a local file to upload, bytes. @throws StorageError IO when it cannot be read (missing). */
async function localSize(localPath: string): Promise<number> {
  try {
    return (await fsp.stat(localPath)).size;
  } catch (err) {
    throw new StorageError('IO', `The file to store cannot be read: ${(err as Error).message}`);
  }
}

export function createS3Storage(opts: S3StorageOptions): FileStorage {
  const client = new S3Client(s3ClientConfig(opts));
  const Bucket = opts.bucket;

  /**
   * One PUT of a local file. The read stream's 'error' (the file removed or unreadable meanwhile) is listened to
   * from its creation, so it rejects this call instead of crashing the process as an unhandled 'error' event.
   * @throws StorageError IO for a local read failure; the SDK's error for an S3 failure.
   */
  async function putOnce(key: string, localPath: string, size: number, contentType: string): Promise<void> {
    const body = fs.createReadStream(localPath);
    let readError: Error | undefined;
    const failed = new Promise<never>((_, reject) =>
      body.once('error', (e) => {
        readError = e;
        reject(new StorageError('IO', `The file to store cannot be read: ${e.message}`));
      }),
    );
    failed.catch(() => undefined);
    // A known ContentLength lets the SDK stream the file without buffering it.
    const sent = client.send(
      new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: size, ContentType: contentType }),
    );
    try {
      await Promise.race([sent, failed]);
    } finally {
      sent.catch(() => undefined);
      body.destroy();
    }
    if (readError) throw new StorageError('IO', `The file to store cannot be read: ${readError.message}`);
  }

  async function stat(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { sizeBytes: Number(head.ContentLength ?? 0), contentType: head.ContentType };
    } catch (err) {
      if (isNotFound(err)) return null;
      if (isAccessDenied(err)) throw asStorageError(err, key);
      throw err;
    }
  }

  async function read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertKey(key);
    try {
      const res = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw new StorageError('NOT_FOUND', `No stored file ${key}`);
      if (isAccessDenied(err)) throw asStorageError(err, key);
      throw err;
    }
  }

  return {
    kind: 's3',

    async putFile(key, localPath, { contentType, move }) {
      assertKey(key);
      const size = await localSize(localPath);
      for (let attempt = 1; ; attempt++) {
        try {
          await putOnce(key, localPath, size, contentType);
          break;
        } catch (err) {
          if (err instanceof StorageError || attempt >= PUT_TRIES || !isTransient(err)) throw asStorageError(err, key);
          await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
        }
      }
      if (move) await fsp.rm(localPath, { force: true });
      return { sizeBytes: size, contentType };
    },

    read,
    stat,

    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch((err: unknown) => {
        throw isAccessDenied(err) ? asStorageError(err, key) : err;
      });
    },

    async withLocalFile(key, tmpDir, fn) {
      await fsp.mkdir(tmpDir, { recursive: true });
      const local = path.join(tmpDir, `s3-${crypto.randomBytes(8).toString('hex')}`);
      try {
        await pipeline(await read(key), fs.createWriteStream(local));
        return await fn(local);
      } finally {
        await fsp.rm(local, { force: true });
      }
    },

    async downloadUrl(key, { filename, contentType, ttlSeconds, inline }) {
      assertKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(filename, inline),
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, command, { expiresIn: ttlSeconds ?? opts.signedUrlTtlSeconds });
    },

    async presignedPutUrl(key, { contentType, ttlSeconds }) {
      assertKey(key);
      // Content-Type is signed: a PUT with another type is refused by S3 (403 SignatureDoesNotMatch).
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn: ttlSeconds,
        signableHeaders: new Set(['content-type']),
      });
    },

    async health() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return { ok: true, kind: 's3', bucket: Bucket };
      } catch (err) {
        return {
          ok: false,
          kind: 's3',
          bucket: Bucket,
          error: `The bucket does not answer: ${(err as Error).message}`,
        };
      }
    },
  };
}
