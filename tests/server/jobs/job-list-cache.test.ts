/**
 * The job-list cache's freshness rules (modules/jobs/job-list.cache.ts), with the clock under test control:
 * a body is checked after TTL_MS against the list's version and rebuilt only when that changed or when the body
 * is older than its maximum age; an old body is served while the check runs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import zlib from 'node:zlib';
import { createJobListCache, TTL_MS, type ListSource } from '../../../server/src/modules/jobs/job-list.cache.ts';

const cache = createJobListCache();
const cachedList = cache.cachedList.bind(cache);
const invalidateList = cache.invalidate.bind(cache);

let user = 0;
function source(maxAgeMs = 60_000) {
  const state = { version: 'v1', list: ['a'], builds: 0, checks: 0 };
  const src: ListSource = {
    build: async () => {
      state.builds++;
      return JSON.stringify(state.list);
    },
    version: async () => {
      state.checks++;
      return state.version;
    },
    maxAgeMs,
  };
  return { state, src, userId: `user-${++user}` };
}
const read = async (userId: string, src: ListSource) =>
  JSON.parse((await cachedList(userId, '200', src)).json.toString());
/** Lets a background check or rebuild finish (it runs on promises and the zlib thread pool). */
const settle = () => new Promise((r) => setTimeout(r, 50));

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

describe('job list cache', () => {
  it('serves one build, keeps it after a check finds nothing changed, and gzips the same JSON', async () => {
    const { state, src, userId } = source();
    expect(await read(userId, src)).toEqual(['a']);
    const body = await cachedList(userId, '200', src);
    expect(JSON.parse(zlib.gunzipSync(body.gzip).toString())).toEqual(['a']);
    vi.setSystemTime(Date.now() + TTL_MS + 1);
    expect(await read(userId, src)).toEqual(['a']);
    await vi.waitFor(() => expect(state.checks).toBe(2));
    await settle();
    expect(state).toMatchObject({ builds: 1, checks: 2 });
    // Found current: no check again until another TTL_MS has passed.
    await read(userId, src);
    expect(state.checks).toBe(2);
  });

  it('rebuilds when the version changed: the old list is served once, the new one next', async () => {
    const { state, src, userId } = source();
    await read(userId, src);
    state.version = 'v2';
    state.list = ['a', 'b'];
    vi.setSystemTime(Date.now() + TTL_MS + 1);
    expect(await read(userId, src)).toEqual(['a']);
    // The rebuild runs in the background (its gzip on the zlib thread pool): wait for the new list however busy the
    // machine is; a read while it runs is served the old body and starts nothing.
    await vi.waitFor(async () => expect(await read(userId, src)).toEqual(['a', 'b']), { timeout: 10_000 });
    expect(state.builds).toBe(2);
  });

  it('rebuilds a body older than its maximum age even when nothing changed (its signed URLs age)', async () => {
    const { state, src, userId } = source(10_000);
    await read(userId, src);
    vi.setSystemTime(Date.now() + 10_001);
    await read(userId, src);
    await vi.waitFor(() => expect(state.builds).toBe(2));
  });

  it('drops a list changed in this process at once, and shares one build among concurrent readers', async () => {
    const { state, src, userId } = source();
    await read(userId, src);
    state.list = ['b'];
    invalidateList(userId);
    const lists = await Promise.all(Array.from({ length: 20 }, () => read(userId, src)));
    expect(lists.every((l) => l[0] === 'b')).toBe(true);
    expect(state.builds).toBe(2);
  });
});
