/**
 * Settings > Webhooks (issue 23): add an endpoint URL (its signing secret shown once), send a test event, read the
 * delivery log (each try's status code) and delete. Shown with API access only.
 */
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BusyButton } from '../../../components/busy-button.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { useListed } from '../../../lib/use-listed.ts';
import { formatDate } from '../../../lib/format.ts';
import type { CreatedWebhookResponse, WebhookDelivery, WebhookEndpoint } from '../../../../contract/webhooks.ts';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, sendTestEvent } from '../api/webhooks.api.ts';

export function WebhooksSection() {
  const { t, i18n } = useLingui();
  const [url, setUrl] = useState('');
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookResponse | null>(null);
  const [log, setLog] = useState<{ id: string; deliveries: WebhookDelivery[] } | null>(null);

  const listed = useListed(listWebhooks);
  const { reload: load, fail } = listed;
  const endpoints = listed.data?.endpoints ?? [];

  const onAdd = async (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return;
    setAdding(true);
    try {
      setCreated(await createWebhook(url.trim()));
      setUrl('');
      await load();
    } catch (error) {
      fail(error);
    } finally {
      setAdding(false);
    }
  };
  const onTest = async (endpoint: WebhookEndpoint) => {
    try {
      await sendTestEvent(endpoint.id);
      toast({ title: t`Test event sent. Its delivery appears in the log.`, variant: 'success' });
    } catch (error) {
      fail(error);
    }
  };
  const onLog = async (endpoint: WebhookEndpoint) => {
    try {
      setLog({ id: endpoint.id, deliveries: (await listDeliveries(endpoint.id)).deliveries });
    } catch (error) {
      fail(error);
    }
  };
  const onDelete = async (endpoint: WebhookEndpoint) => {
    try {
      await deleteWebhook(endpoint.id);
      if (created?.id === endpoint.id) setCreated(null);
      await load();
    } catch (error) {
      fail(error);
    }
  };
  const statusText = (d: WebhookDelivery) =>
    d.status === 'succeeded' ? t`Delivered` : d.status === 'failed' ? t`Failed` : t`Retrying`;

  return (
    <div className="stack" data-testid="webhooks">
      <h3 className="action-title">
        <Trans>Webhooks</Trans>
      </h3>
      <p className="muted small">
        <Trans>
          We POST job.completed and job.failed to your URL, signed as Standard Webhooks (the webhook-signature header).
          Failed deliveries are retried for 24 hours.
        </Trans>
      </p>
      <form className="api-key-form" onSubmit={(e) => void onAdd(e)}>
        <label className="label" htmlFor="webhook-url">
          <Trans>Endpoint URL</Trans>
        </label>
        <input
          id="webhook-url"
          className="input"
          dir="ltr"
          type="url"
          value={url}
          placeholder="https://example.com/hooks/tarjama"
          onChange={(e) => setUrl(e.target.value)}
        />
        <BusyButton busy={adding} type="submit" className="btn btn-outline" disabled={!url.trim()}>
          <Trans>Add endpoint</Trans>
        </BusyButton>
      </form>
      {created ? (
        <div className="api-key-secret" role="status">
          <p className="action-title">
            <Trans>Signing secret for this endpoint: copy it now, it will not be shown again.</Trans>
          </p>
          <code dir="ltr">{created.secret}</code>
        </div>
      ) : null}
      <ul className="api-key-list">
        {endpoints.map((endpoint) => (
          <li key={endpoint.id} className="action-row" data-testid="webhook-row">
            <div className="grow">
              <p className="action-title" dir="ltr">
                {endpoint.url}
              </p>
              <p className="muted small">
                {endpoint.disabled_at ? (
                  <Trans>Disabled after failed deliveries</Trans>
                ) : (
                  <Trans>Added {formatDate(endpoint.created_at, i18n.locale)}</Trans>
                )}
              </p>
              {log?.id === endpoint.id ? (
                log.deliveries.length ? (
                  <ul className="muted small webhook-log">
                    {log.deliveries.map((d) => (
                      <li key={d.id}>
                        <span dir="ltr">{d.event_type}</span> · {statusText(d)} ·{' '}
                        <span dir="ltr">{d.attempts.map((a) => a.status ?? '—').join(', ')}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted small">
                    <Trans>No deliveries yet.</Trans>
                  </p>
                )
              ) : null}
            </div>
            <button type="button" className="btn btn-outline" onClick={() => void onTest(endpoint)}>
              <Trans>Send test event</Trans>
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void onLog(endpoint)}>
              <Trans>Delivery log</Trans>
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void onDelete(endpoint)}>
              <Trans>Delete</Trans>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
