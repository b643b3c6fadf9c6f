/**
 * A short-lived cache of each user's serialised job list (GET /v1/jobs/): a long history costs two queries and a
 * few hundred URL signatures to build, and the web app polls it.
 * - Writes made in this process (submit, delete, worker progress) drop the user's entry at once.
 * - Writes by worker processes elsewhere show within about TTL_MS: an expired entry is still served while one
 *   refresh runs in the background (stale-while-revalidate), so a burst of clients never waits on a rebuild.
 * - Concurrent misses share one build (single flight).
 * - The body is kept as UTF-8 bytes and gzip-compressed once per build (a 200-job page is ~200 kB of JSON, ~10x
 *   smaller gzipped; browsers always accept gzip), so a request costs neither encoding nor compression.
 * - Bounded: at most MAX_USERS entries and MAX_BYTES of bodies; the least recently built go first.
 * Signed URLs in a cached body are at most a few seconds older than fresh ones (they live SIGNED_URL_TTL_SECONDS).
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/** Age after which an entry is refreshed, milliseconds. */
export const TTL_MS = 2000;
const MAX_USERS = 10_000;
/** Memory for cached bodies (plain + gzip) across users, bytes. */
const MAX_BYTES = 64 * 1024 * 1024;

const gzipAsync = promisify(gzip);

/** One serialised list: the JSON as UTF-8 bytes and the same bytes gzip-compressed. */
export interface ListBody {
  json: Buffer;
  gzip: Buffer;
}

interface Entry {
  key: string;
  body?: ListBody;
  at: number;
  building?: Promise<ListBody>;
}

const entries = new Map<string, Entry>();
let bytes = 0;

const sizeOf = (e: Entry | undefined) => (e?.body ? e.body.json.length + e.body.gzip.length : 0);

function drop(userId: string): void {
  bytes -= sizeOf(entries.get(userId));
  entries.delete(userId);
}

/**
 * The user's list body for `queryKey`, built by `build` (returns the JSON text) when missing.
 * @throws what `build` throws, when there is nothing cached to serve.
 */
export async function cachedList(userId: string, queryKey: string, build: () => Promise<string>): Promise<ListBody> {
  let entry = entries.get(userId);
  if (!entry || entry.key !== queryKey) {
    drop(userId);
    if (entries.size >= MAX_USERS) drop(entries.keys().next().value!);
    entry = { key: queryKey, at: 0 };
    entries.set(userId, entry);
  }
  const fresh = entry.body !== undefined && Date.now() - entry.at < TTL_MS;
  if (fresh) return entry.body!;
  let building = entry.building;
  if (!building) {
    const e = entry;
    const started = Date.now();
    building = e.building = build()
      .then(async (text) => {
        const json = Buffer.from(text, 'utf8');
        // zlib runs on the thread pool: a rebuild does not hold up other requests.
        const body = { json, gzip: await gzipAsync(json) };
        // Only if the entry was not dropped (a write) while building.
        if (entries.get(userId) === e) {
          bytes -= sizeOf(e);
          Object.assign(e, { body, at: started });
          bytes += sizeOf(e);
          // Re-inserted last: eviction takes the entries built longest ago.
          entries.delete(userId);
          entries.set(userId, e);
          while (bytes > MAX_BYTES && entries.size > 1) drop(entries.keys().next().value!);
        }
        return body;
      })
      .finally(() => {
        e.building = undefined;
      });
  }
  if (entry.body !== undefined) {
    building.catch(() => undefined);
    return entry.body;
  }
  return building;
}

/** Drops the user's cached list (their jobs changed here). */
export function invalidateList(userId: string): void {
  drop(userId);
}

/**
 * Whether an Accept-Encoding header value accepts gzip (RFC 9110 section 12.5.3: `gzip` or `*`, unless q=0).
 * @param header the request's Accept-Encoding, e.g. 'gzip, deflate, br' or 'gzip;q=0'.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip') return accepted;
    if (name.trim() === '*') star = accepted;
  }
  return star;
}
