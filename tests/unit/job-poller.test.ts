// Job list polling: cached list first, paused while hidden, read at once when visible again or on Refresh.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobPoller } from '../../workers/job-poller.ts';
import { configureApiClient } from '../../src/lib/api-client.ts';
import { kvSet } from '../../src/lib/db.ts';
import type { WorkerEvent } from '../../workers/upload-types.ts';
import { jobOf, startFakeApi, routeFetchTo, type FakeApi } from './helpers/api-server.ts';

let api: FakeApi;
let restoreFetch: () => void;
let events: WorkerEvent[];
let poller: JobPoller;
const listReads = () => api.requests.filter((r) => r.url === '/v1/jobs/').length;

beforeEach(async () => {
  api = await startFakeApi();
  restoreFetch = routeFetchTo(api);
  configureApiClient({ getToken: () => api.token, onUnauthorized: () => undefined });
  events = [];
  poller = new JobPoller({
    emit: (e) => events.push(e),
    onReachable: () => undefined,
    listIntervalMs: 60,
  });
});
afterEach(async () => {
  poller.stop();
  restoreFetch();
  await api.close();
});

describe('JobPoller', () => {
  it('shows the list kept on the device first, then the server list', async () => {
    await kvSet('jobs', [jobOf({ id: 'old' })]);
    await poller.start();
    expect(events[0]).toMatchObject({ type: 'jobs', fromCache: true, jobs: [{ id: 'old' }] });
    expect(events[1]).toMatchObject({ type: 'jobs', fromCache: false, jobs: [] });
  });

  it('does not show a kept list that no longer matches the contract (an older version wrote it)', async () => {
    await kvSet('jobs', [{ id: 'old', status: 'queued' }]);
    await poller.start();
    expect(events).toEqual([{ type: 'jobs', fromCache: false, jobs: [], fetchedAt: expect.any(Number) }]);
  });

  it('polls on its interval, not while hidden, and at once when visible again', async () => {
    await poller.start();
    await vi.waitFor(() => expect(listReads()).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    poller.setVisible(false);
    // A read already on its way when the tab was hidden may still arrive; none starts after that.
    await new Promise((r) => setTimeout(r, 100));
    const atHide = listReads();
    await new Promise((r) => setTimeout(r, 300));
    expect(listReads()).toBe(atHide);
    poller.setVisible(true);
    await vi.waitFor(() => expect(listReads()).toBe(atHide + 1), { timeout: 5000 });
  });

  it('reports an unreachable server as offline and keeps the list', async () => {
    await poller.start();
    await api.stop();
    await poller.refresh();
    expect(events.at(-1)).toEqual({
      type: 'jobs-error',
      error: { code: 'NETWORK', status: 0, details: {} },
      offline: true,
    });
  });

  it('follows a running job one by one and refuses an answer that does not match the contract', async () => {
    api.jobs = [jobOf({ id: 'run', status: 'processing', progress: 10, stage: 'transcribe' })];
    poller = new JobPoller({
      emit: (e) => events.push(e),
      onReachable: () => undefined,
      listIntervalMs: 10_000,
      activeIntervalMs: 20,
    });
    await poller.start();
    api.jobs = [jobOf({ id: 'run', status: 'processing', progress: 60, stage: 'translate' })];
    await expect
      .poll(() => events.filter((e) => e.type === 'jobs').at(-1))
      .toMatchObject({ jobs: [{ id: 'run', progress: 60, stage: 'translate' }] });
    expect(api.requests.some((r) => r.url === '/v1/jobs/run')).toBe(true);

    // A stage the contract does not know is not silently accepted (the issues go to the console).
    api.jobs = [{ ...jobOf({ id: 'run' }), stage: 'dreaming' as never }];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await poller.refresh();
    // The job's own poll (every 20 ms) may meet the same answer too: each refusal is logged.
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(events.filter((e) => e.type !== 'jobs').at(-1)).toMatchObject({
      type: 'jobs-error',
      error: { code: 'INVALID_RESPONSE' },
      offline: false,
    });
    expect(events.filter((e) => e.type === 'jobs').at(-1)).not.toMatchObject({ jobs: [{ stage: 'dreaming' }] });
  });
});
