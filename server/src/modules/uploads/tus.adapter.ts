/**
 * tus 1.0 resumable uploads (https://tus.io/protocols/resumable-upload) with @tus/server: creation,
 * creation-with-upload, termination and expiration. The tus upload id is the upload row's id, given by the client
 * in the `upload_id` metadata, so ownership is one lookup: every request must carry the owner's bearer token.
 * Store: @tus/file-store under DATA_DIR/tus (STORAGE=local) or @tus/s3-store in the bucket (STORAGE=s3).
 */
import { accountIdOf } from '../teams/team.repository.ts';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Server, EVENTS } from '@tus/server';
import { CoalescingFileStore } from './coalescing-file-store.ts';
import { S3Store } from '@tus/s3-store';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../../context.ts';
import { AppError, type ErrorCode } from '../../errors.ts';
import { s3ClientConfig } from '../../storage/s3.storage.ts';
import { storageFailure } from '../../storage/storage-failure.ts';
import { MAX_MEDIA_BYTES } from './uploads.schemas.ts';
import { checkOrReject, maxBytesOf } from './uploads.service.ts';
import * as repo from './upload.repository.ts';

/** tus "expiration" extension: unfinished uploads are removed after 24 hours (uploads issue). */
export const TUS_EXPIRATION_MS = 24 * 60 * 60 * 1000;
export const TUS_PATH = '/uploads/tus';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TusAdapter {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Removes unfinished uploads past their expiry; returns how many. */
  cleanUpExpired(): Promise<number>;
}

/**
 * A refusal in the shape tus-node-server answers with (`status_code` and `body`), as an Error. The body is the
 * API's error body (`{ error, statusCode, code, ...details }`), so the web app words the refusal by its code.
 */
class TusRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
    this.name = 'TusRefusal';
  }
}

function refuse(code: ErrorCode, message?: string, details?: Record<string, unknown>): TusRefusal {
  const error = new AppError(code, message, details);
  return new TusRefusal(error.status, JSON.stringify(error.toBody()));
}

const adapters = new WeakMap<AppContext, TusAdapter>();

/** The tus adapter of this context (one per context: the routes and the retention job share it). */
export function createTusAdapter(ctx: AppContext): TusAdapter {
  let adapter = adapters.get(ctx);
  if (!adapter) adapters.set(ctx, (adapter = buildTusAdapter(ctx)));
  return adapter;
}

function buildTusAdapter(ctx: AppContext): TusAdapter {
  const { app: cfg } = ctx.config;
  const localDir = path.join(cfg.dataDir, 'tus');
  const datastore =
    cfg.storage.kind === 's3'
      ? new S3Store({
          s3ClientConfig: { ...s3ClientConfig(cfg.storage), bucket: cfg.storage.bucket },
          expirationPeriodInMilliseconds: TUS_EXPIRATION_MS,
        })
      : new CoalescingFileStore({ directory: localDir, expirationPeriodInMilliseconds: TUS_EXPIRATION_MS });

  async function userOf(req: Request): Promise<string> {
    const m = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i);
    let userId: string | null = null;
    try {
      userId = m ? await ctx.tokens.verify(m[1]) : null;
    } catch (err) {
      // An API key whose plan lost API access, or past its rate (issue 23).
      if (err instanceof AppError) throw refuse(err.code, err.message, err.details);
      throw err;
    }
    if (!userId) throw refuse('UNAUTHORIZED');
    // Uploads belong to the account the user acts for: the team owner's for a team member (issue 23 item 5).
    return accountIdOf(ctx.db, userId);
  }

  const server = new Server({
    path: TUS_PATH,
    datastore,
    maxSize: async (_req, id) => {
      if (!id) return MAX_MEDIA_BYTES;
      const row = await repo.findUpload(ctx.db, id);
      return row ? maxBytesOf(row.kind) : MAX_MEDIA_BYTES;
    },
    generateUrl: (_req, { id }) => `${ctx.config.app.publicUrl}${TUS_PATH}/${id}`,
    allowedOrigins: cfg.corsOrigins.length ? [cfg.publicUrl, ...cfg.corsOrigins] : undefined,
    allowedHeaders: ['Authorization'],
    disableTerminationForFinishedUploads: true,
    // tus answers other errors with their raw message (internal paths): a storage failure becomes 503
    // STORAGE_UNAVAILABLE, anything else INTERNAL, both in the API's error body (issue 14).
    onResponseError: (_req, err) => {
      if (err instanceof TusRefusal || !(err instanceof Error)) return undefined;
      if ('status_code' in err && Number(err.status_code) < 500) return undefined;
      ctx.logger.error({ err }, 'tus request failed');
      // The datastore's own file-system failures (any system error code) are storage failures too.
      const systemError =
        typeof (err as { code?: unknown }).code === 'string' &&
        /^E[A-Z]+$/.test(String((err as { code?: unknown }).code));
      const error = storageFailure(err) ?? new AppError(systemError ? 'STORAGE_UNAVAILABLE' : 'INTERNAL');
      return { status_code: error.status, body: JSON.stringify(error.toBody()) };
    },
    namingFunction: (_req, metadata) => {
      const id = metadata?.upload_id ?? '';
      if (!UUID.test(id))
        throw refuse('BAD_REQUEST', 'Upload-Metadata must carry upload_id from POST /v1/uploads/presigned-url.');
      return id.toLowerCase();
    },
    async onUploadCreate(req, upload) {
      const userId = await userOf(req);
      const row = await repo.findUserUpload(ctx.db, userId, upload.id);
      if (!row) throw refuse('UPLOAD_NOT_FOUND', 'No such upload. Ask POST /v1/uploads/presigned-url for one first.');
      if (upload.size !== undefined && upload.size > maxBytesOf(row.kind))
        throw refuse('FILE_TOO_LARGE', `This file is larger than the ${maxBytesOf(row.kind) / 1024 ** 2} MB allowed.`, {
          max_bytes: maxBytesOf(row.kind),
        });
      if (!(await repo.bindTus(ctx.db, userId, upload.id)))
        throw refuse('UPLOAD_ALREADY_DONE', 'This upload was already used. Ask for a new upload URL.');
      return {};
    },
    async onIncomingRequest(req, id) {
      // Every request on an existing upload (HEAD, PATCH, DELETE) must come from its owner; others get 404.
      const userId = await userOf(req);
      // A POST is checked in onUploadCreate (the row is bound there).
      if (!id || req.method === 'POST') return;
      const row = await repo.findUserUpload(ctx.db, userId, id);
      if (!row || row.tusId !== id) throw refuse('UPLOAD_NOT_FOUND', 'Upload not found');
    },
    async onUploadFinish(_req, upload) {
      const row = await repo.findUpload(ctx.db, upload.id);
      if (!row) throw refuse('UPLOAD_NOT_FOUND', 'Upload not found');
      try {
        if (cfg.storage.kind === 's3') {
          // @tus/s3-store keeps the object under the upload id: that is the stored file.
          const facts = await ctx.storage.withLocalFile(upload.id, path.join(cfg.dataDir, 'work'), (p) =>
            checkOrReject(ctx, row, p),
          );
          await repo.markComplete(ctx.db, row.id, { storageKey: upload.id, sizeBytes: upload.offset, ...facts });
        } else {
          const file = path.join(localDir, upload.id);
          const facts = await checkOrReject(ctx, row, file);
          const stored = await ctx.storage.putFile(row.storageKey, file, { contentType: row.contentType, move: true });
          await fsp.rm(`${file}.json`, { force: true });
          await repo.markComplete(ctx.db, row.id, {
            storageKey: row.storageKey,
            sizeBytes: stored.sizeBytes,
            ...facts,
          });
        }
      } catch (err) {
        await datastore.remove(upload.id).catch(() => undefined);
        if (err instanceof AppError) throw refuse(err.code, err.message, err.details);
        throw err;
      }
      return {};
    },
  });
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    void repo
      .markDeleted(ctx.db, [id], 'deleted')
      .catch((err) => ctx.logger.error({ err }, 'tus termination bookkeeping failed'));
  });
  if (cfg.storage.kind === 'local') fs.mkdirSync(localDir, { recursive: true });

  /**
   * HEAD on a finished upload (its bytes were moved into storage): answers like tus does for a complete upload,
   * Upload-Offset = Upload-Length, so a client that lost the last PATCH response resumes into "done" instead of
   * starting over. Returns false when tus itself must answer.
   */
  async function headOfFinished(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const id = req.url?.split('?')[0].split('/').pop() ?? '';
    if (req.method !== 'HEAD' || !UUID.test(id)) return false;
    const m = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    // A refused API key (plan, rate) is answered by tus itself, through userOf.
    const userId = m ? await ctx.tokens.verify(m[1]).catch(() => null) : null;
    if (!userId) return false;
    const row = await repo.findUserUpload(ctx.db, await accountIdOf(ctx.db, userId), id.toLowerCase());
    if (!row || row.status !== 'complete' || row.tusId !== row.id || row.sizeBytes == null) return false;
    const origin = req.headers.origin;
    res.writeHead(200, {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(row.sizeBytes),
      'Upload-Length': String(row.sizeBytes),
      'Cache-Control': 'no-store',
      ...(origin
        ? {
            'Access-Control-Allow-Origin': origin,
            'Access-Control-Expose-Headers': 'Upload-Offset, Upload-Length, Tus-Resumable',
          }
        : {}),
    });
    res.end();
    return true;
  }

  return {
    handle: async (req, res) => {
      if (await headOfFinished(req, res)) return;
      await server.handle(req, res);
    },
    cleanUpExpired: () => server.cleanUpExpiredUploads(),
  };
}
