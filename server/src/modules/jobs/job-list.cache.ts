/**
 * A short-lived cache of each user's serialised job list (GET /v1/jobs/): a long history costs two queries and a
 * few hundred URL signatures to build, and the web app polls it.
 * - Writes made in this process (submit, delete, worker progress) drop the user's entry at once.
 * - Writes by worker processes elsewhere show within about TTL_MS: an expired entry is still served while one
 *   refresh runs in the background (stale-while-revalidate), so a burst of clients never waits on a rebuild.
 * - Concurrent misses share one build (single flight).
 * Signed URLs in a cached body are at most a few seconds older than fresh ones (they live SIGNED_URL_TTL_SECONDS).
 */

/** Age after which an entry is refreshed, milliseconds. */
export const TTL_MS = 2000;
const MAX_USERS = 10_000;

interface Entry {
  key: string;
  body?: Buffer;
  at: number;
  building?: Promise<Buffer>;
}

const entries = new Map<string, Entry>();

/**
 * The user's list body for `queryKey` as UTF-8 bytes, built by `build` when missing. Bytes, not a string: a
 * string body is measured and encoded again on every send (a few hundred kB for a long history).
 * @param build returns the JSON body; its errors reach the caller when there is nothing cached to serve.
 */
export async function cachedList(userId: string, queryKey: string, build: () => Promise<string>): Promise<Buffer> {
  let entry = entries.get(userId);
  if (!entry || entry.key !== queryKey) {
    if (entries.size >= MAX_USERS) entries.delete(entries.keys().next().value!);
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
      .then((json) => {
        const body = Buffer.from(json, 'utf8');
        // Only if the entry was not dropped (a write) while building.
        if (entries.get(userId) === e) Object.assign(e, { body, at: started });
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
  entries.delete(userId);
}
