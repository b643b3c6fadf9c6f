import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (workbox-window under vite-plugin-pwa) and, when a new version is waiting,
 * offers to reload. Also says once when the app is ready to work offline.
 */
export function UpdatePrompt() {
  const [needRefresh, setNeedRefresh] = useState(false);
  const [offlineReady, setOfflineReady] = useState(false);
  const [update, setUpdate] = useState<((reload?: boolean) => Promise<void>) | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    const updateSW = registerSW({
      onNeedRefresh: () => setNeedRefresh(true),
      onOfflineReady: () => setOfflineReady(true),
    });
    setUpdate(() => updateSW);
  }, []);
  useEffect(() => {
    if (!offlineReady) return;
    const timer = setTimeout(() => setOfflineReady(false), 6000);
    return () => clearTimeout(timer);
  }, [offlineReady]);
  if (!needRefresh && !offlineReady) return null;
  return (
    <div className="update-prompt" role="status" data-testid={needRefresh ? 'update-prompt' : 'offline-ready'}>
      {needRefresh ? (
        <>
          <p>
            <strong><Trans>A new version of Tarjama is ready.</Trans></strong>{' '}
            <Trans>Reload to use it.</Trans>
          </p>
          <div className="row">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void update?.(true)}>
              <Trans>Reload</Trans>
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setNeedRefresh(false)}>
              <Trans>Later</Trans>
            </button>
          </div>
        </>
      ) : (
        <p><Trans>Tarjama is ready to work offline.</Trans></p>
      )}
    </div>
  );
}
