/**
 * The local billing test mode (no STRIPE_SECRET_KEY, the embedded default): checkout leads to a page of the app
 * that says no payment is taken; confirming builds the same kind of snapshot Stripe would give (a subscription
 * with a one-month period and a paid invoice) and hands it to applySnapshot. Everything it writes is marked:
 * subscription and invoice ids start with 'test_', provider is 'test', and every invoice is described
 * 'TEST MODE — no payment taken'.
 */
import crypto from 'node:crypto';
import type { SubscriptionRow } from './billing.repository.ts';
import type { BillingSnapshot } from './subscription-sync.service.ts';
import type { Plan } from './plan-catalog.ts';

/** The marker every test-mode invoice carries in its description. */
export const TEST_MODE_LABEL = 'TEST MODE — no payment taken';

/** How long a test checkout session can be confirmed, in seconds. */
const SESSION_TTL_SECONDS = 60 * 60;

/** What a test checkout session stands for. `expiresAt` in seconds since the epoch. */
export interface TestSession {
  userId: string;
  planName: string;
  nonce: string;
  expiresAt: number;
}

/** Signs and reads the stateless test-mode tokens (checkout sessions, invoice links) with the app secret. */
export function createTestModeTokens(secret: string) {
  const key = crypto.createHash('sha256').update(`billing-test-mode:${secret}`).digest();
  const mac = (data: string) => crypto.createHmac('sha256', key).update(data).digest('base64url');
  const equal = (a: string, b: string) =>
    a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
  return {
    /** A session id 'test_cs_<payload>.<mac>' that only this server can have made. */
    issueSession(userId: string, planName: string, now = new Date()): string {
      const s: TestSession = {
        userId,
        planName,
        nonce: crypto.randomBytes(9).toString('base64url'),
        expiresAt: Math.floor(now.getTime() / 1000) + SESSION_TTL_SECONDS,
      };
      const payload = Buffer.from(JSON.stringify(s)).toString('base64url');
      return `test_cs_${payload}.${mac(payload)}`;
    },
    /** The session behind an id, or null when it is forged, malformed or expired. */
    readSession(sessionId: string, now = new Date()): TestSession | null {
      const m = /^test_cs_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(sessionId);
      if (!m || !equal(m[2], mac(m[1]))) return null;
      try {
        const s = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as TestSession;
        return s.expiresAt * 1000 > now.getTime() ? s : null;
      } catch {
        return null;
      }
    },
    /** The signature that lets an invoice link be opened in a new tab without a bearer token. */
    invoiceSignature: (invoiceId: string) => mac(`invoice:${invoiceId}`),
    checkInvoiceSignature: (invoiceId: string, sig: string) => equal(sig, mac(`invoice:${invoiceId}`)),
  };
}

export type TestModeTokens = ReturnType<typeof createTestModeTokens>;

/** `date` plus `months` calendar months in UTC, the day clamped to the month's length (Jan 31 + 1 = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The provider ids of a test subscription derived from its checkout session, so a second confirm is a no-op. */
export const testSubscriptionId = (sessionId: string) =>
  `test_sub_${crypto.createHash('sha256').update(sessionId).digest('hex').slice(0, 24)}`;
const testInvoiceId = (subscriptionId: string, periodStart: Date) =>
  `test_in_${crypto.createHash('sha256').update(`${subscriptionId}:${periodStart.toISOString()}`).digest('hex').slice(0, 24)}`;

/** The test invoice of one period: the plan's price shown, nothing charged. Amount in cents. */
function testInvoice(
  plan: Plan,
  subscriptionId: string,
  start: Date,
  end: Date,
  invoiceUrl: (providerInvoiceId: string) => string,
) {
  const providerInvoiceId = testInvoiceId(subscriptionId, start);
  return {
    provider: 'test' as const,
    providerInvoiceId,
    description: `${plan.name} plan, ${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)} (${TEST_MODE_LABEL})`,
    planId: plan.planName,
    amountCents: plan.priceCents,
    currency: 'usd',
    paidAt: start,
    invoicePdfUrl: invoiceUrl(providerInvoiceId),
    periodStart: start,
    periodEnd: end,
  };
}

/**
 * The snapshot of a confirmed test checkout: subscription `testSubscriptionId(sessionId)` on `plan`, a period of
 * one month from `now` (or the stored period when this session was already confirmed), and its test invoice.
 */
export function confirmedCheckoutSnapshot(
  plan: Plan,
  sessionId: string,
  current: SubscriptionRow | undefined,
  now: Date,
  invoiceUrl: (providerInvoiceId: string) => string,
): BillingSnapshot {
  const id = testSubscriptionId(sessionId);
  const same = current?.providerSubscriptionId === id && current.currentPeriodStart && current.currentPeriodEnd;
  const start = same ? current.currentPeriodStart! : now;
  const end = same ? current.currentPeriodEnd! : addMonths(now, 1);
  return {
    provider: 'test',
    subscription: {
      planId: plan.planName,
      status: same ? current.status : 'active',
      provider: 'test',
      providerSubscriptionId: id,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: same ? current.cancelAtPeriodEnd : false,
    },
    invoices: [testInvoice(plan, id, start, end, invoiceUrl)],
  };
}

/**
 * The snapshot of a test subscription whose period ended at or before `now`: canceled when it was set to cancel
 * at the period's end; else the period that contains `now` (whole months after the old end) with its invoice.
 * Periods skipped while the server was down are not billed or granted: only the current one is.
 */
export function renewedSnapshot(
  sub: SubscriptionRow,
  plan: Plan,
  now: Date,
  invoiceUrl: (providerInvoiceId: string) => string,
): BillingSnapshot {
  const base = {
    planId: sub.planId,
    provider: 'test' as const,
    providerSubscriptionId: sub.providerSubscriptionId!,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  };
  if (sub.cancelAtPeriodEnd) {
    return {
      provider: 'test',
      subscription: {
        ...base,
        status: 'canceled',
        currentPeriodStart: sub.currentPeriodStart!,
        currentPeriodEnd: sub.currentPeriodEnd!,
      },
      invoices: [],
    };
  }
  let start = sub.currentPeriodEnd!;
  let end = addMonths(start, 1);
  while (end.getTime() <= now.getTime()) {
    start = end;
    end = addMonths(start, 1);
  }
  return {
    provider: 'test',
    subscription: { ...base, status: 'active', currentPeriodStart: start, currentPeriodEnd: end },
    invoices: [testInvoice(plan, base.providerSubscriptionId, start, end, invoiceUrl)],
  };
}

/** The stored test subscription set to cancel at its period's end (null when there is none to change). */
export function cancelAtPeriodEndSnapshot(current: SubscriptionRow | undefined): BillingSnapshot | null {
  if (
    !current ||
    current.provider !== 'test' ||
    !current.providerSubscriptionId ||
    !current.currentPeriodStart ||
    !current.currentPeriodEnd
  )
    return null;
  return {
    provider: 'test',
    subscription: {
      planId: current.planId,
      status: current.status,
      provider: 'test',
      providerSubscriptionId: current.providerSubscriptionId,
      currentPeriodStart: current.currentPeriodStart,
      currentPeriodEnd: current.currentPeriodEnd,
      cancelAtPeriodEnd: true,
    },
    invoices: [],
  };
}
