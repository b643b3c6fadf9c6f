/**
 * Billing routes: GET /v1/plans, checkout, portal, cancel, billing history, the Stripe webhook and the local
 * test mode's confirm and invoice page. Bodies and errors follow spec sections 7 and 8.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { currentAccount, currentUser, requireUser } from '../../http/auth.guard.ts';
import { BuyCreditPackRequest } from '../../../../contract/credit-packs.ts';
import { parseInput } from '../../http/validate.ts';
import { AppError } from '../../errors.ts';
import { billingOf } from './billing.context.ts';
import { upsertPlans } from './billing.repository.ts';
import { ConfirmTestCheckoutRequest, CreateCheckoutRequest } from '../../../../contract/billing.ts';
import { toPlanCard } from './plan-catalog.ts';
import { renderTestInvoice } from './test-invoice.page.ts';
import { PRICE_RATES } from '../jobs/pricing.ts';

/** Stripe events are small, but larger than the API's 64 KB JSON limit can allow for (line items, expansions). */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The account whose plan a billing call changes: the caller's own. A team member who is not the team's owner is
 * refused (the owner's account holds the team's plan and credits: issue 23 item 5).
 * @throws AppError TEAM_BILLING_OWNER_ONLY (403)
 */
function payingUser(request: import('fastify').FastifyRequest): string {
  const user = currentUser(request);
  if (user.accountId !== user.id) throw new AppError('TEAM_BILLING_OWNER_ONLY');
  return user.id;
}

export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const billing = billingOf(ctx);
  await upsertPlans(ctx.db, billing.catalog.plans);
  ctx.userDeletionHooks.push((userId) => billing.onUserDeleted(userId));
  ctx.healthChecks.set('billing', async () => ({ ok: true, mode: billing.mode }));
  if (billing.mode === 'test')
    ctx.logger.warn('Billing runs in TEST MODE (no STRIPE_SECRET_KEY): plans are applied without any payment');
  const unpriced = billing.catalog.plans.filter((p) => p.priceCents > 0 && !p.priceId).map((p) => p.planName);
  if (unpriced.length)
    ctx.logger.warn(
      { plans: unpriced },
      'paid plans without a Stripe price id cannot be bought (set STRIPE_PRICE_<PLAN>)',
    );
  const auth = { preHandler: requireUser(ctx) };
  const limited = (max: number) =>
    ctx.config.app.rateLimitEnabled ? { config: { rateLimit: { max, timeWindow: '1 minute' } } } : {};

  app.get('/v1/plans', async () => ({
    plans: billing.catalog.plans.map(toPlanCard),
    billing_mode: billing.mode,
    rates: PRICE_RATES,
  }));

  app.post('/v1/billing/create-checkout-session', { ...auth, ...limited(20) }, async (request) => {
    const body = parseInput(CreateCheckoutRequest, request.body);
    if (!body.price_id) throw new AppError('PLAN_NOT_AVAILABLE');
    const session = await billing.createCheckoutSession(
      payingUser(request),
      body.price_id,
      body.plan_name ?? undefined,
    );
    return { statusCode: 200, ...session };
  });

  // Pay-as-you-go credit packs (issue 23).
  app.post('/v1/billing/credit-packs/checkout', { ...auth, ...limited(20) }, async (request) => {
    const body = parseInput(BuyCreditPackRequest, request.body);
    return { statusCode: 200 as const, ...(await billing.packs.createCheckout(payingUser(request), body.credits)) };
  });

  app.get('/v1/billing/test-checkout/session', auth, async (request) => {
    const sessionId = (request.query as Record<string, string | undefined>).session_id ?? '';
    return { statusCode: 200, ...billing.describeTestSession(payingUser(request), sessionId) };
  });

  app.post('/v1/billing/test-checkout/confirm', { ...auth, ...limited(20) }, async (request) => {
    const body = parseInput(ConfirmTestCheckoutRequest, request.body);
    const result = await billing.confirmTestCheckout(payingUser(request), body.session_id);
    return { statusCode: 200, url: '/studio?subscription_success=true', current_plan: result.planId };
  });

  app.post('/v1/billing/create-portal-session', { ...auth, ...limited(20) }, async (request) => ({
    statusCode: 200,
    ...(await billing.createPortalSession(payingUser(request))),
  }));

  app.post('/v1/billing/cancel-subscription', { ...auth, ...limited(10) }, async (request) => ({
    statusCode: 200,
    ...(await billing.cancelSubscription(payingUser(request))),
  }));

  app.get('/v1/users/me/billing-history', auth, async (request) => billing.billingHistory(currentAccount(request)));

  // Opened from the billing history in a new tab (no bearer token): the link carries an HMAC signature instead.
  app.get('/v1/billing/test-invoices/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const sig = (request.query as Record<string, string | undefined>).sig ?? '';
    const invoice = await billing.testInvoice(id, sig);
    if (!invoice) throw new AppError('NOT_FOUND', 'No such invoice.');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(renderTestInvoice(invoice));
  });

  // Stripe: "Stripe requires the raw body of the request to perform signature verification. If you're using a
  // framework, make sure it doesn't manipulate the raw body." In this scope every body is kept as a raw Buffer.
  // A non-2xx answer makes Stripe retry the event later (a failed re-read answers 502).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    // The route's limit too, so a refusal states it (issue 14).
    scope.post('/v1/billing/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return billing.handleWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
    });
  });
}
