import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import type { BillingHistoryResponse as BillingHistory } from '../../../../contract/billing.ts';
import { fetchBillingHistory } from '../api/billing.api.ts';
import { TestModeBanner } from './test-mode-banner.tsx';
import { BillingHistoryList } from './billing-history-list.tsx';
import { CancelSubscriptionCard } from './cancel-subscription-card.tsx';
import { useSessionStore } from '../../../lib/session-store.ts';
import './billing.css';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const PAGE_TITLE = msg`Billing portal`;

/** /billing/test-portal: the test-mode billing portal (local invoices and cancellation). */
export function TestPortalPage({ onCanceled }: { onCanceled: () => void }) {
  useDocumentTitle(PAGE_TITLE);
  const [history, setHistory] = useState<BillingHistory | null>(null);
  const [loading, setLoading] = useState(true);
  // Nothing to cancel on the Free plan (issue 15 item 3).
  const plan = useSessionStore((s) => s.user?.current_plan) || 'Free';
  const paid = plan.toLowerCase() !== 'free';
  useEffect(() => {
    fetchBillingHistory()
      .then(setHistory, () => setHistory({ invoices: [] }))
      .finally(() => setLoading(false));
  }, []);
  return (
    <div className="page">
      <div className="container narrow stack">
        <TestModeBanner />
        <header className="page-header">
          <h1>
            <Trans>Billing portal</Trans>
          </h1>
          <p>
            <Trans>Invoices and subscription of this account.</Trans>
          </p>
        </header>
        <section className="card">
          <div className="card-header">
            <h2 className="card-title">
              <Trans>Invoices</Trans>
            </h2>
          </div>
          <div className="card-body">
            <BillingHistoryList invoices={history?.invoices ?? null} loading={loading} />
          </div>
        </section>
        {paid ? (
          <CancelSubscriptionCard
            endsAt={history?.plan_ends_at}
            onCanceled={(planEndsAt) => {
              setHistory((h) => ({ invoices: h?.invoices ?? [], next_billing_date: null, plan_ends_at: planEndsAt }));
              onCanceled();
            }}
          />
        ) : null}
        <Link href="/subscription">
          <span className="dir-arrow" aria-hidden="true">
            ←
          </span>{' '}
          <Trans>Back to subscription</Trans>
        </Link>
      </div>
    </div>
  );
}
