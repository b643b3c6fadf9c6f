/**
 * Settings > API keys (issue 23): create a named key (its secret shown once, to copy), list keys by prefix with
 * their creation and last use, revoke. Accounts whose plan has no API access see why and where to upgrade.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { BusyButton } from '../../../components/busy-button.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { useListed } from '../../../lib/use-listed.ts';
import { formatDate } from '../../../lib/format.ts';
import type { ApiKey, CreatedApiKeyResponse } from '../../../../contract/api-keys.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../api/api-keys.api.ts';
import { WebhooksSection } from './webhooks-section.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import './api-access.css';

export function ApiKeysSection() {
  const { t, i18n } = useLingui();
  const listed = useListed(listApiKeys);
  const { reload: load, fail } = listed;
  const keys = listed.data?.keys ?? null;
  const access = listed.data?.api_access ?? false;
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);
  // Revoking asks first (issue 38 item 4): a revoked key cannot be brought back.
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setCreating(true);
    try {
      setCreated(await createApiKey(name.trim()));
      setName('');
      await load();
    } catch (error) {
      fail(error);
    } finally {
      setCreating(false);
    }
  };
  const onRevoke = async (key: ApiKey) => {
    setRevoking(null);
    try {
      await revokeApiKey(key.id);
      if (created?.id === key.id) setCreated(null);
      toast({ title: t`The key ${key.name} was revoked.`, variant: 'success' });
      await load();
    } catch (error) {
      fail(error);
    }
  };
  const onCopy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: t`Copied`, variant: 'success' });
    } catch {
      toast({ title: t`Select the key and copy it.`, variant: 'destructive' });
    }
  };

  return (
    <section className="card" aria-labelledby="settings-api-keys" data-testid="api-keys">
      <div className="card-header">
        <h2 className="card-title" id="settings-api-keys">
          <Trans>API keys</Trans>
        </h2>
        <p className="card-description">
          <Trans>
            Programs send a key as Authorization: Bearer KEY to upload files and start jobs for this account.
          </Trans>
        </p>
      </div>
      <div className="card-body stack">
        {keys !== null && !access ? (
          <p className="muted" data-testid="api-keys-not-in-plan">
            <Trans>Your plan does not include API access.</Trans>{' '}
            <Link href="/pricing" className="inline-link">
              <Trans>Upgrade to Pro or Business</Trans>
            </Link>
          </p>
        ) : null}
        {access ? (
          <form className="api-key-form" onSubmit={(e) => void onCreate(e)}>
            <label className="label" htmlFor="api-key-name">
              <Trans>Key name</Trans>
            </label>
            <input
              id="api-key-name"
              className="input"
              value={name}
              maxLength={100}
              placeholder={t`For example: CMS upload`}
              onChange={(e) => setName(e.target.value)}
            />
            <BusyButton busy={creating} type="submit" className="btn btn-primary" disabled={!name.trim()}>
              <Trans>Create key</Trans>
            </BusyButton>
          </form>
        ) : null}
        {created ? (
          <div className="api-key-secret" role="status" data-testid="api-key-secret">
            <p className="action-title">
              <Trans>Copy your new key now: it will not be shown again.</Trans>
            </p>
            <code dir="ltr">{created.secret}</code>
            <button type="button" className="btn btn-outline" onClick={() => void onCopy(created.secret)}>
              <Trans>Copy</Trans>
            </button>
          </div>
        ) : null}
        {keys?.length ? (
          <ul className="api-key-list">
            {keys.map((key) => (
              <li key={key.id} className="action-row" data-testid="api-key-row">
                <div className="grow">
                  <p className="action-title">{key.name}</p>
                  <p className="muted small">
                    <code dir="ltr">{key.prefix}…</code> ·{' '}
                    <Trans>Created {formatDate(key.created_at, i18n.locale)}</Trans> ·{' '}
                    {key.last_used_at ? (
                      <Trans>Last used {formatDate(key.last_used_at, i18n.locale)}</Trans>
                    ) : (
                      <Trans>Never used</Trans>
                    )}
                  </p>
                </div>
                {key.revoked_at ? (
                  <span className="muted small">
                    <Trans>Revoked</Trans>
                  </span>
                ) : (
                  <button type="button" className="btn btn-outline" onClick={() => setRevoking(key)}>
                    <Trans>Revoke</Trans>
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {access ? <WebhooksSection /> : null}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={<Trans>Revoke this API key?</Trans>}
        description={
          <Trans>
            Programs using “<bdi>{revoking?.name}</bdi>” stop working at once: their calls are refused. This cannot be
            undone.
          </Trans>
        }
        confirmLabel={<Trans>Revoke</Trans>}
        onConfirm={() => revoking && void onRevoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
