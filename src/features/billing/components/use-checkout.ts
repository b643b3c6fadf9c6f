import { useState } from 'react';
import { useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import type { PlanCard } from '../../../../contract/billing.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { CHECKOUT_PLAN_KEY, createCheckoutSession, goTo } from '../api/billing.api.ts';

/** Starting checkout from a plan card, with the spec's checks and toasts (sections 5 and 8). */
export function useCheckout(signedIn: boolean) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  const choose = async (plan: PlanCard) => {
    // Signed out, a plan starts with an account: sign-up, with a way to sign in instead (issue 22 item 11).
    if (!signedIn) {
      navigate('/auth?tab=signup');
      return;
    }
    if (!plan.priceId) {
      toast({ title: t`Error`, description: t`This plan is not available for upgrade.`, variant: 'destructive' });
      return;
    }
    setBusyPlan(plan.planName);
    try {
      const session = await createCheckoutSession(plan.priceId, plan.planName);
      sessionStorage.setItem(
        CHECKOUT_PLAN_KEY,
        JSON.stringify({ name: plan.name, planName: plan.planName, price: plan.price, period: plan.period }),
      );
      goTo(session.url, navigate);
    } catch (error) {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Could not initiate checkout.`),
        variant: 'destructive',
      });
    } finally {
      setBusyPlan(null);
    }
  };
  return { choose, busyPlan };
}
