/**
 * Local-folder file storage (the embedded default): objects are files under `dir` (./data/files), written to a
 * temporary name and renamed so a reader never sees half a file. Download URLs point at this server's
 * GET /files/<key> route and carry an HMAC signature and an expiry (url-signer.ts).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  assertKey,
  StorageError,
  type ByteRange,
  type FileStorage,
  type LinkHolder,
  type StoredObject,
} from './file-storage.ts';
import { expiresIn, sign, verify } from './url-signer.ts';

/** What a verified download URL asks for. */
export interface SignedDownload {
  filename: string;
  contentType: string;
  inline: boolean;
  /** The team member the link was handed to; the route serves it only while they still act for the account. */
  holder?: LinkHolder;
}

export interface LocalStorage extends FileStorage {
  kind: 'local';
  /** Absolute path of the object's file (which may not exist). @throws StorageError BAD_KEY. */
  pathOf(key: string): string;
  /** Checks a GET /files/<key> request's query; null when the signature is wrong or expired. */
  verifyDownload(key: string, query: Record<string, string | undefined>): SignedDownload | null;
}

/**
 * @param opts.dir root folder (created if missing).
 * @param opts.secret HMAC key (ctx.secret).
 * @param opts.publicUrl the origin URLs are built on; a function because tests learn the port after listening.
 * @param opts.defaultTtlSeconds lifetime of download URLs (SIGNED_URL_TTL_SECONDS).
 */
export function createLocalStorage(opts: {
  dir: string;
  secret: string;
  publicUrl: () => string;
  defaultTtlSeconds: number;
}): LocalStorage {
  fs.mkdirSync(opts.dir, { recursive: true });

  const pathOf = (key: string): string => {
    assertKey(key);
    return path.join(opts.dir, ...key.split('/'));
  };
  // A link without a holder signs the same fields as before holders existed (links already handed out keep working).
  const downloadFields = (
    key: string,
    expires: number,
    filename: string,
    contentType: string,
    inline: boolean,
    holder?: LinkHolder,
  ) => [
    'GET',
    key,
    expires,
    filename,
    contentType,
    inline ? 'inline' : 'attachment',
    ...(holder ? [`holder:${holder.personId}:${holder.accountId}`] : []),
  ];

  async function stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await fsp.stat(pathOf(key));
      return s.isFile() ? { sizeBytes: s.size, modifiedAt: s.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  return {
    kind: 'local',
    pathOf,

    async putFile(key, localPath, { move }) {
      const target = pathOf(key);
      const tmp = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
      try {
        await fsp.mkdir(path.dirname(target), { recursive: true });
        if (move) {
          try {
            await fsp.rename(localPath, tmp);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
            await pipeline(fs.createReadStream(localPath), fs.createWriteStream(tmp));
            await fsp.rm(localPath, { force: true });
          }
        } else {
          await pipeline(fs.createReadStream(localPath), fs.createWriteStream(tmp));
        }
        await fsp.rename(tmp, target);
      } catch (err) {
        await fsp.rm(tmp, { force: true }).catch(() => undefined);
        throw new StorageError('IO', `Could not store ${key}: ${(err as Error).message}`);
      }
      return { sizeBytes: (await fsp.stat(target)).size };
    },

    async read(key, range?: ByteRange): Promise<Readable> {
      const file = pathOf(key);
      if (!(await stat(key))) throw new StorageError('NOT_FOUND', `No stored file ${key}`);
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },

    stat,

    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },

    async withLocalFile(key, _tmpDir, fn) {
      if (!(await stat(key))) throw new StorageError('NOT_FOUND', `No stored file ${key}`);
      return fn(pathOf(key));
    },

    async downloadUrl(key, { filename, contentType, ttlSeconds, inline = false, holder }) {
      assertKey(key);
      const expires = expiresIn(ttlSeconds ?? opts.defaultTtlSeconds);
      const signature = sign(opts.secret, downloadFields(key, expires, filename, contentType, inline, holder));
      const q = new URLSearchParams({ expires: String(expires), name: filename, type: contentType, signature });
      if (inline) q.set('inline', '1');
      if (holder) q.set('holder', `${holder.personId}.${holder.accountId}`);
      return `${opts.publicUrl()}/files/${key.split('/').map(encodeURIComponent).join('/')}?${q.toString()}`;
    },

    verifyDownload(key, query) {
      const { expires, name, type, signature } = query;
      if (!name || !type) return null;
      const inline = query.inline === '1';
      const [personId, accountId] = query.holder?.split('.') ?? [];
      const holder = personId && accountId ? { personId, accountId } : undefined;
      if (query.holder && !holder) return null;
      const ok = verify(
        opts.secret,
        downloadFields(key, Number(expires), name, type, inline, holder),
        signature,
        Number(expires),
      );
      return ok ? { filename: name, contentType: type, inline, holder } : null;
    },

    async presignedPutUrl() {
      return null;
    },

    async health() {
      try {
        await fsp.access(opts.dir, fs.constants.W_OK);
        return { ok: true, kind: 'local' };
      } catch (err) {
        return { ok: false, kind: 'local', error: `The storage folder is not writable: ${(err as Error).message}` };
      }
    },
  };
}
