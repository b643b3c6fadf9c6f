/**
 * Billing: plans, checkout, credit packs, history, the Stripe webhook: the endpoint table of this domain
 * (contract/endpoint.ts has the shape).
 */
import * as v from 'valibot';
import {
  BillingHistoryResponse,
  CancelSubscriptionResponse,
  CheckoutSessionResponse,
  ConfirmTestCheckoutRequest,
  CreateCheckoutRequest,
  PlansResponse,
  PortalSessionResponse,
  TestCheckoutConfirmResponse,
  TestCheckoutSessionResponse,
} from './billing.ts';
import { BuyCreditPackRequest, CreditPackCheckoutResponse } from './credit-packs.ts';
import { json, type Endpoint } from './endpoint.ts';

export const BILLING_ENDPOINTS = {
  billingHistory: {
    method: 'GET',
    path: '/v1/users/me/billing-history',
    tag: 'billing',
    summary: 'Invoices and the next billing date',
    auth: 'bearer',
    response: json(BillingHistoryResponse),
    errors: ['UNAUTHORIZED'],
  },
  // Billing
  plans: {
    method: 'GET',
    path: '/v1/plans',
    tag: 'billing',
    summary: 'Plan cards, billing mode and the credit rates of each service',
    auth: 'none',
    response: json(PlansResponse),
    errors: [],
  },
  createCheckoutSession: {
    method: 'POST',
    path: '/v1/billing/create-checkout-session',
    tag: 'billing',
    summary: 'Start checkout for a plan; the browser goes to `url`',
    auth: 'bearer',
    body: CreateCheckoutRequest,
    response: json(CheckoutSessionResponse),
    errors: [
      'TEAM_BILLING_OWNER_ONLY',
      'UNAUTHORIZED',
      'RATE_LIMITED',
      'PLAN_NOT_AVAILABLE',
      'ALREADY_ON_PLAN',
      'PAYMENT_PROVIDER_ERROR',
    ],
  },
  buyCreditPack: {
    method: 'POST',
    path: '/v1/billing/credit-packs/checkout',
    tag: 'billing',
    summary: "Buy a pack of credits at the plan's pay-as-you-go rate; the browser goes to `url`",
    description:
      'Paid plans only (Free: 403 PACKS_NOT_IN_PLAN). Stripe Checkout in payment mode (or the test-mode page); the ' +
      'credits are granted once the payment is confirmed, appear in the billing history, and do not expire at a renewal.',
    auth: 'bearer',
    body: BuyCreditPackRequest,
    response: json(CreditPackCheckoutResponse),
    errors: ['TEAM_BILLING_OWNER_ONLY', 'UNAUTHORIZED', 'RATE_LIMITED', 'PACKS_NOT_IN_PLAN', 'PAYMENT_PROVIDER_ERROR'],
  },
  testCheckoutSession: {
    method: 'GET',
    path: '/v1/billing/test-checkout/session',
    tag: 'billing',
    summary: 'Test mode: what a checkout session buys',
    auth: 'bearer',
    query: v.object({ session_id: v.string() }),
    response: json(TestCheckoutSessionResponse),
    errors: ['TEAM_BILLING_OWNER_ONLY', 'UNAUTHORIZED', 'CHECKOUT_SESSION_INVALID'],
  },
  confirmTestCheckout: {
    method: 'POST',
    path: '/v1/billing/test-checkout/confirm',
    tag: 'billing',
    summary: 'Test mode: apply the plan of a checkout session without payment',
    auth: 'bearer',
    body: ConfirmTestCheckoutRequest,
    response: json(TestCheckoutConfirmResponse),
    errors: ['TEAM_BILLING_OWNER_ONLY', 'UNAUTHORIZED', 'RATE_LIMITED', 'CHECKOUT_SESSION_INVALID', 'NOT_FOUND'],
  },
  createPortalSession: {
    method: 'POST',
    path: '/v1/billing/create-portal-session',
    tag: 'billing',
    summary: 'Open the billing portal; the browser goes to `url`',
    auth: 'bearer',
    response: json(PortalSessionResponse),
    errors: ['TEAM_BILLING_OWNER_ONLY', 'UNAUTHORIZED', 'RATE_LIMITED', 'PAYMENT_PROVIDER_ERROR'],
  },
  cancelSubscription: {
    method: 'POST',
    path: '/v1/billing/cancel-subscription',
    tag: 'billing',
    summary: 'Cancel at the end of the current period',
    auth: 'bearer',
    response: json(CancelSubscriptionResponse),
    errors: ['TEAM_BILLING_OWNER_ONLY', 'UNAUTHORIZED', 'RATE_LIMITED', 'NO_SUBSCRIPTION', 'PAYMENT_PROVIDER_ERROR'],
  },
  testInvoice: {
    method: 'GET',
    path: '/v1/billing/test-invoices/{id}',
    tag: 'billing',
    summary: 'Test mode: an invoice page (HTML), opened from the billing history',
    auth: 'signed',
    query: v.object({ sig: v.string() }),
    response: { status: 200, contentType: 'text/html', description: 'The invoice' },
    errors: ['NOT_FOUND'],
  },
  stripeWebhook: {
    method: 'POST',
    path: '/v1/billing/webhook',
    tag: 'billing',
    summary: 'Stripe events (signature checked on the raw body)',
    description:
      'Stripe signs each event: the Stripe-Signature header holds a timestamp and an HMAC-SHA256 of ' +
      '`timestamp.body` with the webhook secret (STRIPE_WEBHOOK_SECRET), checked on the raw body. A non-2xx ' +
      'answer makes Stripe send the event again later. Without Stripe configured (test mode) it answers 404.',
    auth: 'stripe',
    bodyType: 'application/json',
    headers: [{ name: 'Stripe-Signature', required: true, description: 't=TIMESTAMP,v1=SIGNATURE (Stripe)' }],
    response: json(v.object({ received: v.boolean() })),
    errors: ['WEBHOOK_SIGNATURE_INVALID', 'PAYMENT_PROVIDER_ERROR', 'NOT_FOUND', 'PAYLOAD_TOO_LARGE'],
  },
} as const satisfies Record<string, Endpoint>;
