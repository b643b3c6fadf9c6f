/**
 * Uploads: creates the upload targets (signed PUT, tus), receives signed PUTs as a stream, checks the content of
 * every finished upload and resolves the `file_url`s that job calls accept.
 */
import { declaredCharsetOf } from '../../media/subtitle-import.ts';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError, appErrorOf, ERRORS } from '../../errors.ts';
import type { PresignedUrlRequest } from '../../../../contract/uploads.ts';
import type { AppContext } from '../../context.ts';
import { expiresIn, sign, verify } from '../../storage/url-signer.ts';
import { assertSize, classifyUpload, MAX_DOCUMENT_BYTES, MAX_MEDIA_BYTES } from './uploads.schemas.ts';
import { checkContent, ContentRejectedError } from './upload-content.ts';
import * as repo from './upload.repository.ts';

type Ctx = Pick<AppContext, 'db' | 'storage' | 'secret' | 'config' | 'logger'>;

/** Lifetime of an upload URL, seconds: long enough for 2 GB on a slow line. */
export const UPLOAD_URL_TTL_SECONDS = 6 * 60 * 60;

/** The response of POST /v1/uploads/presigned-url. */
export interface UploadTarget {
  upload_id: string;
  upload_url: string;
  file_url: string;
  tus_url: string;
  expires_at: string;
}

const FILE_URL_PATH = /^\/v1\/uploads\/([0-9a-f-]{36})\/file$/i;

/** The stable reference of an upload that job calls accept. */
export function fileUrlOf(publicUrl: string, uploadId: string): string {
  return `${publicUrl}/v1/uploads/${uploadId}/file`;
}

/** The upload id of a `file_url` (any host: it is a reference, never fetched), or null. */
export function uploadIdOfFileUrl(url: string): string | null {
  try {
    return new URL(url).pathname.match(FILE_URL_PATH)?.[1]?.toLowerCase() ?? null;
  } catch {
    return null;
  }
}

export function maxBytesOf(kind: string): number {
  return kind === 'media' ? MAX_MEDIA_BYTES : MAX_DOCUMENT_BYTES;
}

const putFields = (uploadId: string, expires: number, contentType: string) => ['PUT', uploadId, expires, contentType];

/**
 * Creates an upload row and its targets.
 * @throws AppError 415 / 413 from classifyUpload before any byte is sent.
 */
export async function createUploadTarget(ctx: Ctx, userId: string, req: PresignedUrlRequest): Promise<UploadTarget> {
  const cls = classifyUpload(req.filename, req.content_type, req.size_bytes);
  const id = crypto.randomUUID();
  const storageKey = `uploads/${userId}/${id}`;
  await repo.insertUpload(ctx.db, {
    id,
    userId,
    filename: req.filename,
    contentType: cls.contentType,
    kind: cls.kind,
    storageKey,
    sizeBytes: req.size_bytes,
    // A text file's declared charset decodes its words (issue 24); the stored type stays the bare one.
    declaredCharset: cls.kind === 'document' ? (declaredCharsetOf(req.content_type) ?? null) : null,
  });
  const publicUrl = ctx.config.app.publicUrl;
  const expires = expiresIn(UPLOAD_URL_TTL_SECONDS);
  const presigned = await ctx.storage.presignedPutUrl(storageKey, {
    contentType: cls.contentType,
    ttlSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  const upload_url =
    presigned ??
    `${publicUrl}/uploads/put/${id}?${new URLSearchParams({ expires: String(expires), signature: sign(ctx.secret, putFields(id, expires, cls.contentType)) }).toString()}`;
  return {
    upload_id: id,
    upload_url,
    file_url: fileUrlOf(publicUrl, id),
    tus_url: `${publicUrl}/uploads/tus`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/**
 * Receives a signed PUT (like S3: the signature covers the upload id, the expiry and the Content-Type; x-amz-acl is
 * accepted and ignored). The body is streamed to a temporary file, checked, then moved into storage; on any
 * refusal nothing is stored.
 * @throws AppError FORBIDDEN (wrong signature, expired URL, other Content-Type), PAYLOAD_TOO_LARGE,
 *   CONFLICT (already uploaded), UNPROCESSABLE (content check failed).
 */
export async function receivePut(
  ctx: Ctx,
  uploadId: string,
  query: { expires?: string; signature?: string },
  headers: { contentType?: string; contentLength?: string },
  body: Readable,
): Promise<{ sizeBytes: number }> {
  const upload = await repo.findUpload(ctx.db, uploadId);
  const expires = Number(query.expires);
  const contentType = (headers.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!upload || !verify(ctx.secret, putFields(uploadId, expires, contentType), query.signature, expires)) {
    throw new AppError(
      'UPLOAD_URL_INVALID',
      'This upload URL is invalid or has expired, or the Content-Type differs from the one it was made for.',
    );
  }
  if (upload.deletedAt) throw new AppError('UPLOAD_CLOSED');
  if (upload.status !== 'pending') throw new AppError('UPLOAD_ALREADY_DONE');
  const max = maxBytesOf(upload.kind);
  const declared = headers.contentLength === undefined ? undefined : Number(headers.contentLength);
  if (declared !== undefined && Number.isFinite(declared)) assertSize({ kind: upload.kind, maxBytes: max }, declared);

  const tmpDir = path.join(ctx.config.app.dataDir, 'work');
  await fsp.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `put-${uploadId}-${crypto.randomBytes(4).toString('hex')}`);
  try {
    await receiveCapped(body, tmp, max);
    const facts = await checkOrReject(ctx, upload, tmp);
    const stored = await ctx.storage.putFile(upload.storageKey, tmp, { contentType: upload.contentType, move: true });
    await repo.markComplete(ctx.db, uploadId, { storageKey: upload.storageKey, sizeBytes: stored.sizeBytes, ...facts });
    return { sizeBytes: stored.sizeBytes };
  } finally {
    await fsp.rm(tmp, { force: true });
  }
}

/** How long the rest of a refused body is read and dropped, so the client reads the 413 instead of a reset. */
const DRAIN_MS = 30_000;

/**
 * Writes `body` to `file`, at most `max` bytes. Counting on 'data' beside the pipe (not a Transform in it) keeps
 * the copy path short and backpressure still comes from the file stream. Over the limit (a chunked body has no
 * Content-Length to refuse up front) the file stops being written and the rest of the body is read and dropped
 * for up to DRAIN_MS, so the client gets the 413 answer rather than a reset connection (issue 14).
 * @throws AppError FILE_TOO_LARGE; the file or body stream's error otherwise.
 */
function receiveCapped(body: Readable, file: string, max: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = fs.createWriteStream(file, { highWaterMark: 1 << 20 });
    let seen = 0;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      body.unpipe(out);
      out.destroy();
      body.resume();
      const timer = setTimeout(() => body.destroy(), DRAIN_MS);
      timer.unref();
      body.once('end', () => clearTimeout(timer));
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    body.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > max)
        fail(
          new AppError('FILE_TOO_LARGE', `This file is larger than the ${max / 1024 ** 2} MB allowed.`, {
            max_bytes: max,
          }),
        );
    });
    body.once('error', fail);
    body.once('aborted', () => fail(new Error('the client closed the upload')));
    out.once('error', fail);
    out.once('finish', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    body.pipe(out);
  });
}

/**
 * Checks the content of a finished upload at `localPath`; on refusal marks the row rejected.
 * @throws AppError with the refusal's code (CORRUPT_MEDIA, NO_AUDIO_STREAM, NOT_A_ZIP...) and message.
 */
export async function checkOrReject(ctx: Pick<Ctx, 'db'>, upload: repo.UploadRow, localPath: string) {
  try {
    return await checkContent(upload.kind, localPath, upload.filename, upload.declaredCharset ?? undefined);
  } catch (err) {
    if (!(err instanceof ContentRejectedError)) throw err;
    await repo.markRejected(ctx.db, upload.id, err.code, err.message);
    throw appErrorOf(err);
  }
}

/**
 * The user's finished upload behind a `file_url`. An upload PUT straight to S3 is checked here the first time
 * (the server saw no bytes).
 * @throws AppError UPLOAD_NOT_FOUND (unknown, another user's, or deleted), UPLOAD_EXPIRED (deleted under the
 *   retention rule), UPLOAD_INCOMPLETE (not uploaded yet), FILE_TOO_LARGE, or the content refusal's own code.
 */
export async function resolveUserUpload(ctx: Ctx, userId: string, fileUrl: string): Promise<repo.UploadRow> {
  const id = uploadIdOfFileUrl(fileUrl);
  const upload = id ? await repo.findUserUpload(ctx.db, userId, id) : null;
  if (!upload) {
    const [gone] = id ? [await repo.findUpload(ctx.db, id)] : [null];
    if (gone && gone.userId === userId && gone.status === 'expired') throw new AppError('UPLOAD_EXPIRED');
    throw new AppError('UPLOAD_NOT_FOUND');
  }
  if (upload.status === 'rejected')
    throw new AppError(upload.rejectCode ?? 'UNREADABLE', upload.rejectReason ?? 'This file was refused.');
  if (upload.status === 'complete') return upload;
  const stored = await ctx.storage.stat(upload.storageKey);
  if (!stored) throw new AppError('UPLOAD_INCOMPLETE');
  if (stored.sizeBytes > maxBytesOf(upload.kind)) {
    await ctx.storage.delete(upload.storageKey);
    await repo.markRejected(ctx.db, upload.id, 'FILE_TOO_LARGE', 'The file is larger than allowed.');
    throw new AppError('FILE_TOO_LARGE', undefined, { max_bytes: maxBytesOf(upload.kind) });
  }
  const facts = await ctx.storage
    .withLocalFile(upload.storageKey, path.join(ctx.config.app.dataDir, 'work'), (p) => checkOrReject(ctx, upload, p))
    .catch(async (err) => {
      // A refused content is not kept (nothing is stored for a rejected upload).
      if (err instanceof AppError && ERRORS[err.code].status === 422) await ctx.storage.delete(upload.storageKey);
      throw err;
    });
  await repo.markComplete(ctx.db, upload.id, { storageKey: upload.storageKey, sizeBytes: stored.sizeBytes, ...facts });
  return (await repo.findUpload(ctx.db, upload.id))!;
}
