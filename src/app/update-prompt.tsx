import { useEffect } from 'react';
import { create } from 'zustand';
import { Trans } from '@lingui/react/macro';
import { registerSW } from 'virtual:pwa-register';

interface PwaState {
  needRefresh: boolean;
  offlineReady: boolean;
  update: ((reload?: boolean) => Promise<void>) | null;
}
const usePwaStore = create<PwaState>(() => ({ needRefresh: false, offlineReady: false, update: null }));

/**
 * Registers the service worker once per page (workbox-window under vite-plugin-pwa). Kept outside React because
 * the shell re-mounts when the language changes.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const update = registerSW({
    onNeedRefresh: () => usePwaStore.setState({ needRefresh: true }),
    onOfflineReady: () => usePwaStore.setState({ offlineReady: true }),
  });
  usePwaStore.setState({ update });
}

/** Offers to reload when a new version is waiting; says once when the app is ready to work offline. */
export function UpdatePrompt() {
  const { needRefresh, offlineReady, update } = usePwaStore();
  useEffect(() => {
    if (!offlineReady) return;
    const timer = setTimeout(() => usePwaStore.setState({ offlineReady: false }), 6000);
    return () => clearTimeout(timer);
  }, [offlineReady]);
  if (!needRefresh && !offlineReady) return null;
  return (
    <div className="update-prompt" role="status" data-testid={needRefresh ? 'update-prompt' : 'offline-ready'}>
      {needRefresh ? (
        <>
          <p>
            <strong>
              <Trans>A new version of Tarjama is ready.</Trans>
            </strong>{' '}
            <Trans>Reload to use it.</Trans>
          </p>
          <div className="row">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void update?.(true)}>
              <Trans>Reload</Trans>
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => usePwaStore.setState({ needRefresh: false })}
            >
              <Trans>Later</Trans>
            </button>
          </div>
        </>
      ) : (
        <p>
          <Trans>Tarjama is ready to work offline.</Trans>
        </p>
      )}
    </div>
  );
}
