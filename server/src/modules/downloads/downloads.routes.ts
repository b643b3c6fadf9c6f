/**
 * GET /files/<key>?expires&name&type&signature: serves a file of the local storage to whoever holds a valid
 * signed URL (the browser downloads without a bearer token, as it would from S3); a team member's link only while
 * they are still in the team. CORS comes from the app's
 * @fastify/cors; Range requests get 206 so media previews can seek (RFC 9110 section 14).
 * Registered only with local storage: with S3 the URLs point at the bucket.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import type { AppContext } from '../../context.ts';
import type { LocalStorage } from '../../storage/local.storage.ts';
import { contentDisposition, type ByteRange } from '../../storage/file-storage.ts';
import { accountIdOf } from '../teams/team.repository.ts';

/**
 * Parses a single `bytes=a-b`, `bytes=a-` or `bytes=-n` range against `size` bytes.
 * @returns the inclusive range, null when absent or multi-range (serve the whole file), 'unsatisfiable' when past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** True when an If-None-Match header (`*` or a list of entity tags, weak ones compared weakly) names `etag`. */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export async function downloadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.storage.kind !== 'local') return;
  const storage = ctx.storage as LocalStorage;

  const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const key = (request.params as { '*': string })['*'];
    const query = request.query as Record<string, string | undefined>;
    let signed;
    try {
      signed = storage.verifyDownload(key, query);
    } catch {
      signed = null;
    }
    if (!signed) throw new AppError('DOWNLOAD_LINK_INVALID');
    // A team member's link serves only while they still act for the account (issue 35 item 10: a removed member's
    // link served the team's file for up to an hour).
    if (signed.holder && (await accountIdOf(ctx.db, signed.holder.personId)) !== signed.holder.accountId)
      throw new AppError('DOWNLOAD_LINK_INVALID');
    const stat = await storage.stat(key);
    if (!stat) throw new AppError('FILE_GONE');
    const range = parseRange(request.headers.range, stat.sizeBytes);
    // A file can change under the same key (an edit renders the SRT/VTT again, a re-dub the MP3/MP4) while a job
    // list read from cache still hands out the same signed URL: the browser must ask again every time (no-cache)
    // and is answered 304 while the file is the one it holds (RFC 9111 section 5.2.2.4; RFC 9110 section 13.1.2).
    // A max-age here served a pre-edit SRT from the browser's cache for up to an hour.
    const etag = `"${stat.sizeBytes.toString(36)}-${(stat.modifiedAt?.getTime() ?? 0).toString(36)}"`;
    reply
      .header('Content-Type', signed.contentType)
      .header('Content-Disposition', contentDisposition(signed.filename, signed.inline))
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'private, no-cache')
      .header('ETag', etag);
    if (stat.modifiedAt) reply.header('Last-Modified', stat.modifiedAt.toUTCString());
    if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
    if (range === 'unsatisfiable') {
      return reply.status(416).header('Content-Range', `bytes */${stat.sizeBytes}`).send();
    }
    if (range) {
      reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${stat.sizeBytes}`)
        .header('Content-Length', range.end - range.start + 1);
    } else {
      reply.header('Content-Length', stat.sizeBytes);
    }
    if (request.method === 'HEAD') return reply.send();
    return reply.send(await storage.read(key, range ?? undefined));
  };
  // Fastify answers HEAD from this GET route too (exposeHeadRoutes).
  app.get('/files/*', handler);
}
