// The API client's error handling: a 401 clears the session and sends the user to /auth.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiRequest, configureApiClient, ApiError, NetworkError } from '../../src/lib/api-client.ts';
import { useSessionStore } from '../../src/features/auth/store.ts';
import { bootstrapSession } from '../../src/app/session-bootstrap.ts';
import { listQueued, putQueued } from '../../src/lib/db.ts';
import { startFakeApi, routeFetchTo, type FakeApi } from './helpers/api-server.ts';

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
  it('sends the stored bearer token and reads JSON', async () => {
    configureApiClient({ getToken: () => 'good-token', onUnauthorized: () => undefined });
    const me = await apiRequest<{ email: string }>('/v1/users/me');
    expect(me.email).toBe('ada@example.com');
    expect(api.requests[0].auth).toBe('Bearer good-token');
  });

  it('turns an error body into an ApiError with its message, status and code', async () => {
    configureApiClient({ getToken: () => 'good-token', onUnauthorized: () => undefined });
    const error = await apiRequest('/v1/nothing').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Not found', status: 404, code: 'NOT_FOUND' });
  });

  it('reports an unreachable server as a NetworkError', async () => {
    await api.stop();
    configureApiClient({ getToken: () => 'good-token', onUnauthorized: () => undefined });
    await expect(apiRequest('/v1/users/me')).rejects.toBeInstanceOf(NetworkError);
  });

  it('on 401 clears token and user, forgets what was kept for the account and redirects to /auth', async () => {
    await putQueued({ id: 'q1', endpoint: '/v1/jobs/translate', request: { media_url: 'x' }, attempts: 0, createdAt: 1 });
    localStorage.setItem('access_token', 'expired-token');
    localStorage.setItem('user', JSON.stringify({ email: 'ada@example.com' }));
    useSessionStore.setState({ token: 'expired-token', user: { email: 'ada@example.com' } as never, status: 'signed-in' });
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
