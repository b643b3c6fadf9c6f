// Submissions made while the server is unreachable are kept in IndexedDB and sent when it is back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SubmissionQueue } from '../../workers/submission-queue.ts';
import { configureApiClient, ApiError } from '../../src/lib/api-client.ts';
import * as db from '../../src/lib/db.ts';
import type { WorkerEvent } from '../../workers/upload-types.ts';
import type { ErrorInfo } from '../../src/lib/api-error.ts';
import { startFakeApi, routeFetchTo, type FakeApi } from './helpers/api-server.ts';

let api: FakeApi;
let restoreFetch: () => void;
let events: WorkerEvent[];
let uploads: Record<string, string | undefined>;
let failedUploads: Record<string, ErrorInfo>;
let queue: SubmissionQueue;

beforeEach(async () => {
  api = await startFakeApi();
  restoreFetch = routeFetchTo(api);
  configureApiClient({ getToken: () => api.token, onUnauthorized: () => undefined });
  events = [];
  uploads = {};
  failedUploads = {};
  queue = new SubmissionQueue({
    emit: (e) => events.push(e),
    fileUrlOf: async (ref) => uploads[ref],
    uploadErrorOf: async (ref) => failedUploads[ref],
  });
});
afterEach(async () => {
  restoreFetch();
  await api.close();
});

const body = (media_url?: string) => ({
  media_url,
  source_language: 'en-gb',
  target_languages: ['es'],
  services_to_run: ['subtitle' as const],
  voice_over_mode: 'dubbing' as const,
});

describe('SubmissionQueue', () => {
  it('sends at once when the server answers', async () => {
    const result = await queue.submit('/v1/jobs/translate', body('http://x/files/a'));
    expect(result).toMatchObject({ state: 'sent', job: { id: 'job1', status: 'queued' } });
    expect(await db.listQueued()).toEqual([]);
  });

  it('keeps a submission made while the server is unreachable and sends it when it is back', async () => {
    await api.stop();
    const result = await queue.submit('/v1/jobs/translate', body('http://x/files/a'));
    expect(result.state).toBe('queued');
    expect(await db.listQueued()).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'queue', items: [{ attempts: 1 }] });

    await queue.flush(); // still down: nothing lost
    expect(await db.listQueued()).toHaveLength(1);

    await api.start();
    restoreFetch();
    restoreFetch = routeFetchTo(api);
    await queue.flush();
    expect(await db.listQueued()).toEqual([]);
    expect(events.find((e) => e.type === 'submitted')).toMatchObject({ job: { id: 'job1' } });
    expect(api.requests.filter((r) => r.url === '/v1/jobs/translate')).toHaveLength(1);
  });

  it('waits for its upload to finish before sending', async () => {
    const result = await queue.submit('/v1/jobs/translate', body(undefined), 'upload-1');
    expect(result.state).toBe('queued');
    await queue.flush();
    expect(api.requests.filter((r) => r.url === '/v1/jobs/translate')).toHaveLength(0);
    uploads['upload-1'] = 'http://x/files/done';
    await queue.flush();
    const sent = api.requests.find((r) => r.url === '/v1/jobs/translate');
    expect((sent?.body as { media_url: string }).media_url).toBe('http://x/files/done');
  });

  it('refuses a submission whose upload the server refused (empty or fake file): nothing waits', async () => {
    failedUploads['bad'] = { code: 'UNSUPPORTED_FORMAT', status: 415, details: {} };
    await expect(queue.submit('/v1/jobs/translate', body(undefined), 'bad')).rejects.toMatchObject({
      code: 'UNSUPPORTED_FORMAT',
    });
    expect(await db.listQueued()).toEqual([]);
  });

  it('drops a waiting submission once its upload fails, and reports it', async () => {
    const result = await queue.submit('/v1/jobs/translate', body(undefined), 'later-bad');
    expect(result.state).toBe('queued');
    failedUploads['later-bad'] = { code: 'UNSUPPORTED_FORMAT', status: 415, details: {} };
    await queue.flush();
    expect(await db.listQueued()).toEqual([]);
    expect(events.find((e) => e.type === 'submit-failed')).toMatchObject({ error: { code: 'UNSUPPORTED_FORMAT' } });
    expect(api.requests.filter((r) => r.url === '/v1/jobs/translate')).toHaveLength(0);
  });

  it('reports a refusal instead of retrying it', async () => {
    api.balance = 5;
    await expect(queue.submit('/v1/jobs/translate', body('http://x/files/a'))).rejects.toThrow(ApiError);
    await expect(queue.submit('/v1/jobs/translate', body('http://x/files/a'))).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      details: { price: 10, balance: 5 },
    });
    // A queued one refused later is dropped and reported.
    await api.stop();
    await queue.submit('/v1/jobs/translate', body('http://x/files/a'));
    await api.start();
    restoreFetch();
    restoreFetch = routeFetchTo(api);
    await queue.flush();
    expect(events.find((e) => e.type === 'submit-failed')).toMatchObject({
      endpoint: '/v1/jobs/translate',
      error: { code: 'PAYMENT_REQUIRED', status: 402, details: { price: 10, balance: 5 } },
    });
    expect(await db.listQueued()).toEqual([]);
  });
});
