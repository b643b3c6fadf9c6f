// The API client: calls named by the contract's ENDPOINTS, answers parsed with their schemas, coded errors, and a
// 401 that clears the session and sends the user to /auth.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '../../contract/endpoints.ts';
import { callApi, configureApiClient, ApiError, NetworkError } from '../../src/lib/api-client.ts';
import { useSessionStore } from '../../src/lib/session-store.ts';
import { bootstrapSession } from '../../src/app/session-bootstrap.ts';
import { listQueued, putQueued } from '../../src/lib/db.ts';
import { jobOf, startFakeApi, routeFetchTo, type FakeApi } from './helpers/api-server.ts';

let api: FakeApi;
let restoreFetch: () => void;
beforeEach(async () => {
  api = await startFakeApi();
  restoreFetch = routeFetchTo(api);
  window.history.replaceState(null, '', '/studio');
});
afterEach(async () => {
  restoreFetch();
  await api.close();
});

describe('api client', () => {
  it('sends the stored bearer token, takes method and path from the endpoint and parses the answer', async () => {
    configureApiClient({ getToken: () => 'good-token', onUnauthorized: () => undefined });
    const me = await callApi(ENDPOINTS.me);
    expect(me.email).toBe('ada@example.com');
    expect(api.requests[0]).toMatchObject({ method: 'GET', url: '/v1/users/me', auth: 'Bearer good-token' });

    api.jobs = [jobOf({ id: 'a b' })];
    const job = await callApi(ENDPOINTS.getJob, { params: { id: 'a b' } });
    expect(job.id).toBe('a b');
    expect(api.requests.at(-1)?.url).toBe('/v1/jobs/a%20b');
    await callApi(ENDPOINTS.listJobs, { query: { limit: '5' } });
    expect(api.requests.at(-1)?.url).toBe('/v1/jobs/?limit=5');
  });

  it('sends the body as JSON, or as form data where the endpoint says so', async () => {
    configureApiClient({ getToken: () => 'good-token', onUnauthorized: () => undefined });
    await callApi(ENDPOINTS.estimate, {
      body: { media_url: 'http://x/files/a', target_languages: ['es'], services_to_run: ['subtitle'] },
    });
    expect(api.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v1/jobs/estimate',
      body: { media_url: 'http://x/files/a', target_languages: ['es'], services_to_run: ['subtitle'] },
    });
    await callApi(ENDPOINTS.login, { body: { username: 'ada@example.com', password: 'x' } }).catch(() => undefined);
    expect(api.requests.at(-1)).toMatchObject({ url: '/auth/login', body: 'username=ada%40example.com&password=x' });
  });

  it('turns an error body into an ApiError with its code, status and details', async () => {
    configureApiClient({ getToken: () => 'good-token', onUnauthorized: () => undefined });
    const error = await callApi(ENDPOINTS.getJob, { params: { id: 'nope' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'JOB_NOT_FOUND', details: {} });
    api.balance = 1;
    const refused = await callApi(ENDPOINTS.translate, {
      body: { media_url: 'http://x/files/a', target_languages: ['es', 'fr'], services_to_run: ['subtitle'] },
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 402, code: 'PAYMENT_REQUIRED', details: { price: 20, balance: 1 } });
  });

  it('refuses an answer that does not match the contract, with the issues in the console', async () => {
    configureApiClient({ getToken: () => 'good-token', onUnauthorized: () => undefined });
    api.jobs = [{ ...jobOf({ id: 'odd' }), status: 'paused' as never }];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await callApi(ENDPOINTS.getJob, { params: { id: 'odd' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('GET /v1/jobs/{id}'), expect.any(Array));
    logged.mockRestore();
  });

  it('reports an unreachable server as a NetworkError', async () => {
    await api.stop();
    configureApiClient({ getToken: () => 'good-token', onUnauthorized: () => undefined });
    await expect(callApi(ENDPOINTS.me)).rejects.toBeInstanceOf(NetworkError);
  });

  it('on 401 clears token and user, forgets what was kept for the account and redirects to /auth', async () => {
    await putQueued({
      id: 'q1',
      endpoint: '/v1/jobs/translate',
      request: { media_url: 'x', source_language: 'en', target_languages: ['es'], services_to_run: ['subtitle'] },
      attempts: 0,
      createdAt: 1,
    });
    localStorage.setItem('access_token', 'expired-token');
    localStorage.setItem('user', JSON.stringify({ email: 'ada@example.com' }));
    useSessionStore.setState({
      token: 'expired-token',
      user: { email: 'ada@example.com' } as never,
      status: 'signed-in',
    });
    bootstrapSession();
    await expect.poll(() => useSessionStore.getState().status).toBe('signed-out');
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(window.location.pathname).toBe('/auth');
    await expect.poll(async () => (await listQueued()).length).toBe(0);
    expect(api.requests[0]).toMatchObject({ url: '/v1/users/me', auth: 'Bearer expired-token' });
  });

  it('keeps the stored session when the server cannot be reached (the app opens offline)', async () => {
    await api.stop();
    useSessionStore.setState({ token: 'good-token', user: { email: 'ada@example.com' } as never, status: 'loading' });
    bootstrapSession();
    await expect.poll(() => useSessionStore.getState().status).toBe('signed-in');
    expect(useSessionStore.getState().user?.email).toBe('ada@example.com');
  });
});
