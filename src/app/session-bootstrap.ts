/** Wires the API client to the session (401 clears it and goes to /auth) and validates the stored token. */
import { navigate } from 'wouter/use-browser-location';
import { configureApiClient } from '../lib/api-client.ts';
import { useSessionStore } from '../features/auth/store.ts';

export function bootstrapSession(): void {
  configureApiClient({
    getToken: () => useSessionStore.getState().token,
    onUnauthorized: () => {
      const wasSignedIn = Boolean(useSessionStore.getState().token);
      useSessionStore.getState().clear();
      if (wasSignedIn && !location.pathname.startsWith('/auth')) navigate('/auth', { replace: true });
    },
  });
  void useSessionStore.getState().init();
}
