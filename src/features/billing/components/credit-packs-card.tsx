/**
 * Subscription > Buy credits (issue 23): packs of CREDIT_PACK_SIZES at the plan's pay-as-you-go rate, paid through
 * Stripe Checkout (or the test-mode page). Pack credits do not expire with the monthly allowance.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { formatCredits, formatMoney } from '../../../lib/format.ts';
import { callApi } from '../../../lib/api-client.ts';
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import { CREDIT_PACK_SIZES } from '../../../../contract/credit-packs.ts';
import { goTo } from '../api/billing.api.ts';

/** @param centsPerCredit the plan's pay-as-you-go rate (plan catalog), cents */
export function CreditPacksCard({ centsPerCredit }: { centsPerCredit: number }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<number | null>(null);
  const buy = async (credits: (typeof CREDIT_PACK_SIZES)[number]) => {
    setBusy(credits);
    try {
      const session = await callApi(ENDPOINTS.buyCreditPack, { body: { credits } });
      goTo(session.url, navigate);
    } catch (error) {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Please try again in a moment.`),
        variant: 'destructive',
      });
      setBusy(null);
    }
  };
  return (
    <section className="card" aria-labelledby="buy-credits" data-testid="credit-packs">
      <div className="card-header">
        <h2 className="card-title" id="buy-credits">
          <Trans>Buy credits</Trans>
        </h2>
        <p className="card-description">
          <Trans>Pay-as-you-go packs at your plan's rate. They do not expire with your monthly credits.</Trans>
        </p>
      </div>
      <div className="card-body row wrap">
        {CREDIT_PACK_SIZES.map((credits) => (
          <button
            key={credits}
            type="button"
            className="btn btn-outline"
            disabled={busy !== null}
            onClick={() => void buy(credits)}
          >
            <Trans>
              {formatCredits(credits, i18n.locale)} credits for{' '}
              {formatMoney((credits * centsPerCredit) / 100, 'usd', i18n.locale)}
            </Trans>
          </button>
        ))}
      </div>
    </section>
  );
}
