/** Wires the API client to the session (401 clears it and goes to /auth) and validates the stored token. */
import { navigate } from 'wouter/use-browser-location';
import { configureApiClient } from '../lib/api-client.ts';
import { clearAccountData } from '../lib/db.ts';
import { getUploadWorker, isUploadWorkerRunning } from '../lib/worker.ts';
import { useSessionStore } from '../lib/session-store.ts';

export function bootstrapSession(): void {
  configureApiClient({
    getToken: () => useSessionStore.getState().token,
    onUnauthorized: () => {
      const wasSignedIn = Boolean(useSessionStore.getState().token);
      useSessionStore.getState().clear();
      if (wasSignedIn && !location.pathname.startsWith('/auth')) navigate('/auth', { replace: true });
    },
  });
  // Leaving the account (sign-out, 401, deletion): nothing kept on the device may reach the next account.
  useSessionStore.subscribe((state, previous) => {
    if (previous.token && !state.token) {
      if (isUploadWorkerRunning()) void getUploadWorker().signOut();
      else void clearAccountData();
    }
  });
  void useSessionStore.getState().init();
}
