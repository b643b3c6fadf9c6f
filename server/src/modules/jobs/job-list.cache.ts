/**
 * A cache of each user's serialised job list (GET /v1/jobs/): a long history costs two queries and a few hundred
 * URL signatures to build (21-60 ms for 200 jobs on PGlite, measured in `npm run bench:api`), and the web app
 * polls it.
 * - Writes made in this process (submit, delete, worker progress) drop the user's entry at once.
 * - Writes by worker processes elsewhere show within about TTL_MS: an entry older than that is checked against a
 *   cheap version of the user's jobs (their count and latest updated_at, one small query) and rebuilt only when
 *   that changed, or when the body is older than its `maxAgeMs` (its signed URLs must stay valid). Meanwhile the
 *   cached body is still served (stale-while-revalidate), so a burst of clients never waits on a rebuild.
 * - Concurrent misses and checks share one build or check (single flight).
 * - The body is kept as UTF-8 bytes and gzip-compressed once per build (a 200-job page is ~200 kB of JSON, ~10x
 *   smaller gzipped; browsers always accept gzip), so a request costs neither encoding nor compression.
 * - Bounded: at most MAX_USERS entries and MAX_BYTES of bodies; the least recently built go first.
 * - An entry is one reader's list (ListKey): a team member's list holds the team's jobs and their own (issue 38
 *   item 2), so a write to either account drops every entry that shows it.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/** Age after which an entry is checked against the database, milliseconds. */
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

/** How `cachedList` builds and checks a user's list. */
export interface ListSource {
  /** The list as JSON text. */
  build(): Promise<string>;
  /** A string that changes whenever the user's list would (without it every check is a rebuild). */
  version?(): Promise<string>;
  /** Longest a built body is served, milliseconds, however unchanged (signed URLs in it expire). */
  maxAgeMs: number;
}

interface Entry {
  key: string;
  body?: ListBody;
  version?: string;
  /** When the body was built, and when it was last found current (epoch ms). */
  builtAt: number;
  at: number;
  pending?: Promise<ListBody>;
}

/** Whose list an entry is: `id` names the reader's view, `accounts` the user ids whose jobs it shows. */
export interface ListKey {
  id: string;
  accounts: readonly string[];
}

/** One process's cache of job lists (AppContext.jobLists; each test app has its own). */
export interface JobListCache {
  /**
   * The reader's list body for `queryKey` (e.g. the page size), from the cache or `source`; see the file comment.
   * `list`: a user id (a list of that account's jobs) or a ListKey.
   * @throws what `source` throws, when there is nothing cached to serve.
   */
  cachedList(list: string | ListKey, queryKey: string, source: ListSource): Promise<ListBody>;
  /** Drops every cached list that shows the account's jobs (its jobs changed here). */
  invalidate(userId: string): void;
}

/** A new, empty job-list cache (see the file comment). */
export function createJobListCache(): JobListCache {
  const entries = new Map<string, Entry>();
  /** The entries showing each account's jobs (user id -> entry ids). */
  const byAccount = new Map<string, Set<string>>();
  const accountsOf = new Map<string, readonly string[]>();
  let bytes = 0;

  const sizeOf = (e: Entry | undefined) => (e?.body ? e.body.json.length + e.body.gzip.length : 0);

  function drop(userId: string): void {
    bytes -= sizeOf(entries.get(userId));
    entries.delete(userId);
    for (const account of accountsOf.get(userId) ?? []) {
      const ids = byAccount.get(account);
      ids?.delete(userId);
      if (ids?.size === 0) byAccount.delete(account);
    }
    accountsOf.delete(userId);
  }

  function track(key: ListKey): void {
    accountsOf.set(key.id, key.accounts);
    for (const account of key.accounts) {
      let ids = byAccount.get(account);
      if (!ids) byAccount.set(account, (ids = new Set()));
      ids.add(key.id);
    }
  }

  /**
   * Builds the body into `e` (if it was not dropped meanwhile). The version is read before the build starts
   * (`known`: already read by the caller), so a change during the build is seen by the next check.
   */
  async function rebuild(userId: string, e: Entry, source: ListSource, known?: string): Promise<ListBody> {
    const started = Date.now();
    const version = known ?? (await source.version?.());
    const json = Buffer.from(await source.build(), 'utf8');
    // zlib runs on the thread pool: a rebuild does not hold up other requests.
    const body = { json, gzip: await gzipAsync(json) };
    if (entries.get(userId) === e) {
      bytes -= sizeOf(e);
      Object.assign(e, { body, version, builtAt: started, at: started });
      bytes += sizeOf(e);
      // Re-inserted last: eviction takes the entries built longest ago.
      entries.delete(userId);
      entries.set(userId, e);
      while (bytes > MAX_BYTES && entries.size > 1) drop(entries.keys().next().value!);
    }
    return body;
  }

  /** Keeps the body when the version is unchanged, else rebuilds. */
  async function revalidate(userId: string, e: Entry, source: ListSource): Promise<ListBody> {
    const checked = Date.now();
    const version = await source.version!();
    if (e.body && version === e.version) {
      e.at = checked;
      return e.body;
    }
    return rebuild(userId, e, source, version);
  }

  /**
   * The reader's list body for `queryKey` (e.g. the page size), from the cache or `source`; see the file comment.
   * `list`: a user id (a list of that account's jobs) or a ListKey.
   * @throws what `source` throws, when there is nothing cached to serve.
   */
  async function cachedList(list: string | ListKey, queryKey: string, source: ListSource): Promise<ListBody> {
    const key = typeof list === 'string' ? { id: list, accounts: [list] } : list;
    const userId = key.id;
    let entry = entries.get(userId);
    if (!entry || entry.key !== queryKey) {
      drop(userId);
      if (entries.size >= MAX_USERS) drop(entries.keys().next().value!);
      entry = { key: queryKey, builtAt: 0, at: 0 };
      entries.set(userId, entry);
      track(key);
    }
    const now = Date.now();
    if (entry.body !== undefined && now - entry.at < TTL_MS) return entry.body;
    const e = entry;
    const check = e.body !== undefined && source.version !== undefined && now - e.builtAt < source.maxAgeMs;
    const pending = (e.pending ??= (check ? revalidate(userId, e, source) : rebuild(userId, e, source)).finally(() => {
      e.pending = undefined;
    }));
    if (e.body !== undefined) {
      pending.catch(() => undefined);
      return e.body;
    }
    return pending;
  }

  /** Drops every cached list that shows the account's jobs (its jobs changed here). */
  function invalidate(userId: string): void {
    drop(userId);
    for (const id of [...(byAccount.get(userId) ?? [])]) drop(id);
  }

  return { cachedList, invalidate };
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
