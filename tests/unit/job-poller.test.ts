// Job list polling: cached list first, paused while hidden, read at once when visible again or on Refresh.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobPoller } from '../../workers/job-poller.ts';
import { apiRequest, configureApiClient } from '../../src/lib/api-client.ts';
import { kvSet } from '../../src/lib/db.ts';
import type { WorkerEvent } from '../../workers/upload-types.ts';
import { startFakeApi, routeFetchTo, type FakeApi } from './helpers/api-server.ts';

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
  poller = new JobPoller({ get: (path, fallbackMessage) => apiRequest(path, { fallbackMessage }), emit: (e) => events.push(e), onReachable: () => undefined, listIntervalMs: 60 });
});
afterEach(async () => {
  poller.stop();
  restoreFetch();
  await api.close();
});

describe('JobPoller', () => {
  it('shows the list kept on the device first, then the server list', async () => {
    await kvSet('jobs', [{ id: 'old' }]);
    await poller.start();
    expect(events[0]).toMatchObject({ type: 'jobs', fromCache: true, jobs: [{ id: 'old' }] });
    expect(events[1]).toMatchObject({ type: 'jobs', fromCache: false, jobs: [] });
  });

  it('polls on its interval, not while hidden, and at once when visible again', async () => {
    await poller.start();
    await new Promise((r) => setTimeout(r, 200));
    const whileVisible = listReads();
    expect(whileVisible).toBeGreaterThanOrEqual(3);
    poller.setVisible(false);
    const atHide = listReads();
    await new Promise((r) => setTimeout(r, 200));
    expect(listReads()).toBe(atHide);
    poller.setVisible(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(listReads()).toBe(atHide + 1);
  });

  it('reports an unreachable server as offline and keeps the list', async () => {
    await poller.start();
    await api.stop();
    await poller.refresh();
    expect(events.at(-1)).toEqual({ type: 'jobs-error', message: 'Failed to load job history', offline: true });
  });
});
