import { Trans, useLingui } from '@lingui/react/macro';
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import { getUploadWorker } from '../../../lib/worker.ts';
import { formatDate } from '../../../lib/format.ts';
import { useStudioStore } from '../store.ts';
import { UploadProgress } from './upload-progress.tsx';

/**
 * Work kept on this device: unfinished uploads not shown in the upload card (after a reload they resume by
 * themselves, or wait for the file) and job submissions waiting for the network.
 */
export function PendingWork() {
  const { t, i18n } = useLingui();
  const uploads = useStudioStore((s) => s.uploads);
  const selection = useStudioStore((s) => s.selection);
  const queue = useStudioStore((s) => s.queue);
  const online = useStudioStore((s) => s.online);
  const selectedIds = new Set(Object.values(selection).flatMap((s) => (s?.type === 'file' ? [s.uploadId] : [])));
  const others = Object.values(uploads).filter((u) => !selectedIds.has(u.id) && u.status !== 'completed');
  if (others.length === 0 && queue.length === 0 && online) return null;
  return (
    <section className="card pending-card" aria-labelledby="pending-work" data-testid="pending-work">
      <div className="card-header row">
        <h2 className="card-title grow" id="pending-work">
          <Trans>On this device</Trans>
        </h2>
        {!online ? (
          <span className="badge badge-amber" data-testid="offline-badge">
            <Trans>Offline</Trans>
          </span>
        ) : null}
      </div>
      <div className="card-body stack">
        {!online ? (
          <p className="muted small">
            <Trans>You are offline. Uploads and jobs continue when the connection is back.</Trans>
          </p>
        ) : null}
        {others.length > 0 ? (
          <h3 className="small-heading">
            <Trans>Unfinished uploads</Trans>
          </h3>
        ) : null}
        {others.map((u) => (
          <UploadProgress key={u.id} upload={u} onRemove={() => void getUploadWorker().removeUpload(u.id)} />
        ))}
        {queue.length > 0 ? (
          <h3 className="small-heading">
            <Trans>Jobs waiting to be sent</Trans>
          </h3>
        ) : null}
        {queue.map((item) => (
          <div key={item.id} className="queued-row" data-testid="queued-job">
            <span className="badge badge-amber">
              <Trans>Waiting</Trans>
            </span>
            <span className="grow truncate">
              {item.filename ||
                (item.endpoint === ENDPOINTS.translateDocument.path ? t`Document translation` : t`Video translation`)}
            </span>
            <span className="muted small">{formatDate(new Date(item.createdAt).toISOString(), i18n.locale)}</span>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => void getUploadWorker().cancelQueued(item.id)}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
