import { useEffect, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import type { User } from '../../../lib/api-types.ts';
import { useStudioStore } from '../store.ts';
import { UploadCard } from './upload-card.tsx';
import { ConfigCard } from './config-card.tsx';
import { AccountStatusCard } from './account-status-card.tsx';
import { InfoCard } from './info-card.tsx';
import { DesktopNotice } from './desktop-notice.tsx';
import { PendingWork } from './pending-work.tsx';
import './studio.css';

interface StudioPageProps {
  user: User | null;
  refreshUser: () => void;
  /** The Recent Jobs card (the jobs feature), placed by the app. */
  history: ReactNode;
}

/** /studio: two tabs, each with upload, configuration, account status, info and the job history. */
export function StudioPage({ user, refreshUser, history }: StudioPageProps) {
  const { t } = useLingui();
  const tab = useStudioStore((s) => s.tab);
  const setTab = useStudioStore((s) => s.setTab);
  const selection = useStudioStore((s) => s.selection[tab]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('subscription_success') === 'true') {
      toast({ title: t`Subscription Successful!`, description: t`Welcome to your new plan! Your credits have been added.`, variant: 'success' });
      refreshUser();
      history_replace();
    }
  }, [refreshUser, t]);

  return (
    <div className="page studio">
      <div className="container">
        <header className="page-header studio-header">
          <div>
            <h1><Trans>Translation Studio</Trans></h1>
            <p><Trans>Upload, choose languages, and get subtitles, voice-over or translated documents.</Trans></p>
          </div>
          <div className="tabs" role="tablist" aria-label={t`Content type`}>
            <button type="button" role="tab" className="tab" aria-selected={tab === 'media'} onClick={() => setTab('media')}>
              <Trans>Audio & Video</Trans>
            </button>
            <button type="button" role="tab" className="tab" aria-selected={tab === 'document'} onClick={() => setTab('document')}>
              <Trans>Documents</Trans>
            </button>
          </div>
        </header>
        <div className="studio-grid" role="tabpanel">
          <div className="studio-main stack">
            <UploadCard kind={tab} key={`upload-${tab}`} />
            {selection ? <ConfigCard kind={tab} signedIn={Boolean(user)} onSubmitted={refreshUser} /> : null}
            <PendingWork />
          </div>
          <aside className="studio-side stack">
            <AccountStatusCard user={user} oneDecimal={tab === 'media'} />
            <InfoCard kind={tab} />
          </aside>
        </div>
        <div className="studio-history">{history}</div>
      </div>
      <DesktopNotice />
    </div>
  );
}

/** Removes the query string without a navigation (spec: "the query string is removed"). */
function history_replace(): void {
  window.history.replaceState(window.history.state, '', location.pathname);
}
