/**
 * Uploads: creates the upload targets (signed PUT, tus), receives signed PUTs as a stream, checks the content of
 * every finished upload and resolves the `file_url`s that job calls accept.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors.ts';
import type { AppContext } from '../../context.ts';
import { expiresIn, sign, verify } from '../../storage/url-signer.ts';
import { assertSize, classifyUpload, MAX_DOCUMENT_BYTES, MAX_MEDIA_BYTES, type PresignedUrlRequest } from './uploads.schemas.ts';
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
  await repo.insertUpload(ctx.db, { id, userId, filename: req.filename, contentType: cls.contentType, kind: cls.kind, storageKey, sizeBytes: req.size_bytes });
  const publicUrl = ctx.config.app.publicUrl;
  const expires = expiresIn(UPLOAD_URL_TTL_SECONDS);
  const presigned = await ctx.storage.presignedPutUrl(storageKey, { contentType: cls.contentType, ttlSeconds: UPLOAD_URL_TTL_SECONDS });
  const upload_url =
    presigned ??
    `${publicUrl}/uploads/put/${id}?${new URLSearchParams({ expires: String(expires), signature: sign(ctx.secret, putFields(id, expires, cls.contentType)) })}`;
  return { upload_id: id, upload_url, file_url: fileUrlOf(publicUrl, id), tus_url: `${publicUrl}/uploads/tus`, expires_at: new Date(expires * 1000).toISOString() };
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
    throw new AppError('FORBIDDEN', 'This upload URL is invalid or has expired, or the Content-Type differs from the one it was made for.');
  }
  if (upload.deletedAt) throw new AppError('CONFLICT', 'This upload was cancelled or has expired. Ask for a new upload URL.');
  if (upload.status !== 'pending') throw new AppError('CONFLICT', 'This file was already uploaded. Ask for a new upload URL.');
  const max = maxBytesOf(upload.kind);
  const declared = headers.contentLength === undefined ? undefined : Number(headers.contentLength);
  if (declared !== undefined && Number.isFinite(declared)) assertSize({ kind: upload.kind as 'media', maxBytes: max }, declared);

  const tmpDir = path.join(ctx.config.app.dataDir, 'work');
  await fsp.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `put-${uploadId}-${crypto.randomBytes(4).toString('hex')}`);
  try {
    // Counting on 'data' beside the pipe (not a Transform in it) keeps the copy path short: the limit check costs
    // nothing per byte and backpressure still comes from the file stream.
    let seen = 0;
    body.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > max) body.destroy(new AppError('PAYLOAD_TOO_LARGE', `This file is larger than the ${max / 1024 ** 2} MB allowed.`));
    });
    await pipeline(body, fs.createWriteStream(tmp, { highWaterMark: 1 << 20 }));
    const facts = await checkOrReject(ctx, upload, tmp);
    const stored = await ctx.storage.putFile(upload.storageKey, tmp, { contentType: upload.contentType, move: true });
    await repo.markComplete(ctx.db, uploadId, { storageKey: upload.storageKey, sizeBytes: stored.sizeBytes, ...facts });
    return { sizeBytes: stored.sizeBytes };
  } finally {
    await fsp.rm(tmp, { force: true });
  }
}

/**
 * Checks the content of a finished upload at `localPath`; on refusal marks the row rejected.
 * @throws AppError UNPROCESSABLE with the reason.
 */
export async function checkOrReject(ctx: Pick<Ctx, 'db'>, upload: repo.UploadRow, localPath: string) {
  try {
    return await checkContent(upload.kind as 'media' | 'document', localPath, upload.filename);
  } catch (err) {
    if (!(err instanceof ContentRejectedError)) throw err;
    await repo.markRejected(ctx.db, upload.id, err.message);
    throw new AppError('UNPROCESSABLE', err.message);
  }
}

/**
 * The user's finished upload behind a `file_url`. An upload PUT straight to S3 is checked here the first time
 * (the server saw no bytes).
 * @throws AppError NOT_FOUND (unknown, another user's, or deleted), CONFLICT (not uploaded yet), UNPROCESSABLE
 *   (content refused), and says so when the file expired under the retention rule.
 */
export async function resolveUserUpload(ctx: Ctx, userId: string, fileUrl: string): Promise<repo.UploadRow> {
  const id = uploadIdOfFileUrl(fileUrl);
  const upload = id ? await repo.findUserUpload(ctx.db, userId, id) : null;
  if (!upload) {
    const [gone] = id ? [await repo.findUpload(ctx.db, id)] : [null];
    if (gone && gone.userId === userId && gone.status === 'expired') throw new AppError('NOT_FOUND', 'This uploaded file was deleted after 30 days. Upload it again.');
    throw new AppError('NOT_FOUND', 'No uploaded file at this media_url. Upload the file first and use the file_url you were given.');
  }
  if (upload.status === 'rejected') throw new AppError('UNPROCESSABLE', upload.rejectReason ?? 'This file was refused.');
  if (upload.status === 'complete') return upload;
  const stored = await ctx.storage.stat(upload.storageKey);
  if (!stored) throw new AppError('CONFLICT', 'This file has not finished uploading yet.');
  if (stored.sizeBytes > maxBytesOf(upload.kind)) {
    await ctx.storage.delete(upload.storageKey);
    await repo.markRejected(ctx.db, upload.id, 'The file is larger than allowed.');
    throw new AppError('PAYLOAD_TOO_LARGE', 'This file is larger than allowed.');
  }
  const facts = await ctx.storage
    .withLocalFile(upload.storageKey, path.join(ctx.config.app.dataDir, 'work'), (p) => checkOrReject(ctx, upload, p))
    .catch(async (err) => {
      if (err instanceof AppError && err.code === 'UNPROCESSABLE') await ctx.storage.delete(upload.storageKey);
      throw err;
    });
  await repo.markComplete(ctx.db, upload.id, { storageKey: upload.storageKey, sizeBytes: stored.sizeBytes, ...facts });
  return (await repo.findUpload(ctx.db, upload.id))!;
}
