/** Plans and billing calls (spec section 7, server paths from the API list). */
import { apiRequest } from '../../../lib/api-client.ts';
import type { BillingHistory, PlanCard } from '../../../lib/api-types.ts';

export const fetchPlans = () => apiRequest<{ plans: PlanCard[] }>('/v1/plans').then((r) => r.plans ?? []);

/**
 * Starts checkout. Needs no error, a result and statusCode 200 (spec section 7).
 * @throws Error 'Failed to create checkout session' otherwise (or the server's message).
 */
export async function createCheckoutSession(priceId: string, planName: string): Promise<{ sessionId: string; url: string }> {
  const answer = await apiRequest<{ statusCode: number; sessionId: string; url: string }>('/v1/billing/create-checkout-session', {
    method: 'POST',
    json: { price_id: priceId, plan_name: planName },
    fallbackMessage: 'Failed to create checkout session',
  });
  if (!answer || answer.statusCode !== 200 || !answer.url) throw new Error('Failed to create checkout session');
  return answer;
}

/** Billing portal URL (needs status 200). @throws Error 'Failed to create portal session'. */
export async function createPortalSession(): Promise<string> {
  const answer = await apiRequest<{ statusCode: number; url: string }>('/v1/billing/create-portal-session', {
    method: 'POST',
    json: {},
    fallbackMessage: 'Failed to create portal session',
  });
  if (!answer?.url || (answer.statusCode !== undefined && answer.statusCode !== 200)) throw new Error('Failed to create portal session');
  return answer.url;
}

export const cancelSubscription = () =>
  apiRequest<{ statusCode: number; cancel_at_period_end: boolean; current_period_end: string | null }>('/v1/billing/cancel-subscription', {
    method: 'POST',
    json: {},
    fallbackMessage: 'Failed to cancel subscription',
  });

export const fetchBillingHistory = () =>
  apiRequest<BillingHistory>('/v1/users/me/billing-history', { fallbackMessage: 'Failed to fetch billing history' });

/** Test-mode checkout confirmation: applies the plan without charging. */
export const confirmTestCheckout = (sessionId: string) =>
  apiRequest<{ statusCode: number; url: string }>('/v1/billing/test-checkout/confirm', {
    method: 'POST',
    json: { session_id: sessionId },
    fallbackMessage: 'Could not initiate checkout.',
  });

export interface TestSession {
  session_id: string;
  test_mode: boolean;
  notice: string;
  plan: { name: string; planName: string; amount: number; credits: number };
}

/** Test mode: what a checkout session is for (plan, price in dollars, credits). */
export const describeTestSession = (sessionId: string) =>
  apiRequest<TestSession>(`/v1/billing/test-checkout/session?session_id=${encodeURIComponent(sessionId)}`, {
    fallbackMessage: 'This checkout session is invalid or has expired.',
  });

/** Where the pending checkout's plan is remembered for the test checkout page. */
export const CHECKOUT_PLAN_KEY = 'tarjama.checkout_plan';

/** Goes to a URL the API returned: same-origin paths stay in the app, others leave it. */
export function goTo(url: string, navigate: (to: string) => void): void {
  const target = new URL(url, location.href);
  if (target.origin === location.origin) navigate(target.pathname + target.search);
  else location.assign(target.href);
}
