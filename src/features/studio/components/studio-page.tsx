import { useEffect, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import type { UserResponse as User } from '../../../../contract/auth.ts';
import { panelIdOf, tabIdOf } from '../../../lib/tabs.tsx';
import { useStudioStore } from '../store.ts';
import { UploadCard } from './upload-card.tsx';
import { ConfigCard } from './config-card.tsx';
import { AccountStatusCard } from './account-status-card.tsx';
import { InfoCard } from './info-card.tsx';
import { DesktopNotice } from './desktop-notice.tsx';
import { PendingWork } from './pending-work.tsx';
import { useRememberedStyle } from './use-remembered-style.ts';
import './studio.css';

interface StudioPageProps {
  user: User | null;
  refreshUser: () => void;
  /** The server answered an updated user (the remembered subtitle style was saved). */
  onUserChanged: (user: User) => void;
  /** The Recent Jobs card (the jobs feature), placed by the app. */
  history: ReactNode;
}

/** /studio body: per tab the upload, configuration, account status, info and job history cards. */
export function StudioPage({ user, refreshUser, onUserChanged, history }: StudioPageProps) {
  const { t } = useLingui();
  const tab = useStudioStore((s) => s.tab);
  const selection = useStudioStore((s) => s.selection[tab]);
  useRememberedStyle(user, onUserChanged);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('subscription_success') === 'true') {
      toast({
        title: t`Subscription Successful!`,
        description: t`Welcome to your new plan! Your credits have been added.`,
        variant: 'success',
      });
      refreshUser();
      history_replace();
    }
  }, [refreshUser, t]);

  // The page frame and the header (title, tabs) come from the shell: see StudioHeader.
  return (
    <>
      <div className="studio-grid" role="tabpanel" id={panelIdOf('studio')} aria-labelledby={tabIdOf('studio', tab)}>
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
      <DesktopNotice />
    </>
  );
}

/** Removes the query string without a navigation (spec: "the query string is removed"). */
function history_replace(): void {
  window.history.replaceState(window.history.state, '', location.pathname);
}
