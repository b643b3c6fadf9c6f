/** Plans and billing calls (spec section 7), through the contract's ENDPOINTS. */
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import type { PlanCard } from '../../../../contract/billing.ts';
import { callApi } from '../../../lib/api-client.ts';
import { usePlansStore } from '../../../lib/plans-store.ts';

/** The plan cards (GET /v1/plans, read once per visit with the rates). @throws ApiError when never read. */
export async function fetchPlans(): Promise<PlanCard[]> {
  await usePlansStore.getState().load();
  const plans = usePlansStore.getState().plans;
  if (!plans) throw new Error('Plans could not be loaded');
  return plans.plans;
}

/**
 * Starts checkout (spec section 7: needs no error, a result and statusCode 200, which the answer's schema checks).
 * @throws ApiError with the server's code (PLAN_NOT_AVAILABLE, ALREADY_ON_PLAN...) or INVALID_RESPONSE.
 */
export const createCheckoutSession = (priceId: string, planName: string) =>
  callApi(ENDPOINTS.createCheckoutSession, { body: { price_id: priceId, plan_name: planName } });

/** Billing portal URL (status 200, checked by the answer's schema). */
export const createPortalSession = async () => (await callApi(ENDPOINTS.createPortalSession)).url;

export const cancelSubscription = () => callApi(ENDPOINTS.cancelSubscription);

export const fetchBillingHistory = () => callApi(ENDPOINTS.billingHistory);

/** Test-mode checkout confirmation: applies the plan without charging. */
export const confirmTestCheckout = (sessionId: string) =>
  callApi(ENDPOINTS.confirmTestCheckout, { body: { session_id: sessionId } });

/** Test mode: what a checkout session is for (plan, price in dollars, credits). */
export const describeTestSession = (sessionId: string) =>
  callApi(ENDPOINTS.testCheckoutSession, { query: { session_id: sessionId } });

/** Where the pending checkout's plan is remembered for the test checkout page. */
export const CHECKOUT_PLAN_KEY = 'tarjama.checkout_plan';

/** Goes to a URL the API returned: same-origin paths stay in the app, others leave it. */
export function goTo(url: string, navigate: (to: string) => void): void {
  const target = new URL(url, location.href);
  if (target.origin === location.origin) navigate(target.pathname + target.search);
  else location.assign(target.href);
}
