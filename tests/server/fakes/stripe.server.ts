/**
 * A local HTTP server answering as Stripe's API (version 2026-10-28) does for the calls Tarjama makes, so the real
 * Stripe SDK can be pointed at it (STRIPE_API_BASE). Like Stripe: form-encoded request bodies with bracket
 * notation, `Authorization: Bearer <secret key>` (401 otherwise), object shapes with `object`, `id` prefixes and
 * Unix-second timestamps, list envelopes, and error objects `{ error: { type, code, message, param } }`.
 * Since API version 2025-03-31 a subscription's period is on its items (`items.data[].current_period_*`) and an
 * invoice names its subscription under `parent.subscription_details`.
 *
 * What a customer does on Stripe's own pages (paying a Checkout Session, a renewal, a failed card) is played by
 * the control methods `completeCheckout`, `renew` and `failRenewal`; `eventPayload` builds the JSON of the event
 * Stripe would send (tests sign it with the SDK's `webhooks.generateTestHeaderString`).
 */
import crypto from 'node:crypto';
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from './fake-http.ts';

type Obj = Record<string, any>;

/** Decodes `a[b][0][c]=x&...` as Stripe's API does (numeric keys become arrays). */
export function parseStripeForm(body: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let node: any = out;
    keys.forEach((k, i) => {
      const last = i === keys.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(keys[i + 1]);
      if (last) node[k] = value;
      else node = node[k] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** One calendar month after `t` (seconds), as Stripe bills monthly prices. */
export function plusOneMonth(t: number): number {
  const d = new Date(t * 1000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return Math.floor(d.getTime() / 1000);
}

const error = (status: number, type: string, message: string, extra: Obj = {}): FakeResponse => ({
  status,
  headers: { 'request-id': id('req') },
  body: { error: { type, message, ...extra } },
});
const ok = (body: Obj): FakeResponse => ({
  status: 200,
  headers: { 'request-id': id('req'), 'stripe-version': '2026-10-28.endive' },
  body,
});
const list = (url: string, data: Obj[]) => ok({ object: 'list', data, has_more: false, url });

export interface FakeStripe {
  url: string;
  secretKey: string;
  server: FakeServer;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** The customer pays a Checkout Session: an active subscription with a one-month period and a paid invoice. */
  completeCheckout(sessionId: string, at?: number): { subscription: Obj; invoice: Obj; session: Obj };
  /** The customer pays a payment-mode Checkout Session (a one-time purchase): complete and paid. */
  completePayment(sessionId: string): Obj;
  /** The period ends: cancel when cancel_at_period_end, else a new period with a new paid invoice. */
  renew(subscriptionId: string): { subscription: Obj; invoice?: Obj };
  /** The renewal charge is declined: the subscription becomes past_due with an open invoice. */
  failRenewal(subscriptionId: string): { subscription: Obj; invoice: Obj };
  /** The JSON of an event of `type` about `object`, as Stripe posts it to a webhook endpoint. */
  eventPayload(type: string, object: Obj): string;
  close(): Promise<void>;
}

/** Starts the fake with the given prices (id -> unit amount in cents). */
export async function startFakeStripe(opts: {
  prices: Record<string, number>;
  secretKey?: string;
}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? `sk_test_${crypto.randomBytes(12).toString('hex')}`;
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const price = (pid: string) => ({
    id: pid,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: opts.prices[pid],
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1 },
    product: `prod_${pid}`,
  });

  function makeInvoice(sub: Obj, status: 'paid' | 'open'): Obj {
    const item = sub.items.data[0];
    const amount = item.price.unit_amount;
    const inv = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      currency: 'usd',
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      amount_remaining: status === 'paid' ? 0 : amount,
      billing_reason: sub.latest_invoice ? 'subscription_cycle' : 'subscription_create',
      created: item.current_period_start,
      description: null,
      number: `TEST-${String(invoices.size + 1).padStart(4, '0')}`,
      hosted_invoice_url: `https://invoice.stripe.com/i/${id('x')}`,
      invoice_pdf: `https://pay.stripe.com/invoice/${id('x')}/pdf`,
      livemode: false,
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: sub.metadata, subscription: sub.id },
      },
      status_transitions: {
        finalized_at: item.current_period_start,
        paid_at: status === 'paid' ? item.current_period_start : null,
        marked_uncollectible_at: null,
        voided_at: null,
      },
      lines: {
        object: 'list',
        has_more: false,
        url: '/v1/invoices/lines',
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount,
            currency: 'usd',
            description: `1 × ${sub.metadata?.plan_name ?? 'plan'} (at $${(amount / 100).toFixed(2)} / month)`,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: {
              type: 'price_details',
              price_details: { price: item.price.id, product: item.price.product },
              unit_amount_decimal: String(amount),
            },
            quantity: 1,
          },
        ],
      },
    };
    invoices.set(inv.id, inv);
    sub.latest_invoice = inv.id;
    return inv;
  }

  const routes: Array<[string, RegExp, (m: RegExpMatchArray, q: URLSearchParams, b: Obj) => FakeResponse]> = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, _q, b) => {
        const c = {
          id: id('cus'),
          object: 'customer',
          created: nowSeconds(),
          email: b.email ?? null,
          name: b.name ?? null,
          metadata: b.metadata ?? {},
          livemode: false,
        };
        customers.set(c.id, c);
        return ok(c);
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)$/,
      (m) => (customers.has(m[1]) ? ok(customers.get(m[1])!) : missing('customer', m[1])),
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_m, _q, b) => {
        if (!b.mode)
          return error(400, 'invalid_request_error', 'Missing required param: mode.', {
            code: 'parameter_missing',
            param: 'mode',
          });
        if (b.customer && !customers.has(b.customer)) return missing('customer', b.customer, 'customer');
        const items: Obj[] = b.line_items ?? [];
        if (b.mode === 'subscription' && items.length === 0) {
          return error(
            400,
            'invalid_request_error',
            'You must provide at least one recurring price in `subscription` mode when using prices.',
            { param: 'line_items' },
          );
        }
        for (const [i, li] of items.entries()) {
          // A line is a price id or inline `price_data` (currency, unit_amount, product_data[name]).
          if (li.price_data) {
            if (!li.price_data.currency || !/^\d+$/.test(String(li.price_data.unit_amount ?? '')))
              return error(
                400,
                'invalid_request_error',
                'Missing required param: line_items[0][price_data][unit_amount].',
                {
                  code: 'parameter_missing',
                  param: `line_items[${i}][price_data][unit_amount]`,
                },
              );
            if (b.mode === 'subscription' && !li.price_data.recurring)
              return error(
                400,
                'invalid_request_error',
                'You must provide at least one recurring price in `subscription` mode when using prices.',
                { param: 'line_items' },
              );
          } else if (!(li.price in opts.prices)) return missing('price', li.price, `line_items[${i}][price]`);
        }
        const inline = items.filter((li) => li.price_data);
        if (!b.success_url || !/^https?:\/\//.test(b.success_url))
          return error(400, 'invalid_request_error', 'Not a valid URL', { code: 'url_invalid', param: 'success_url' });
        const s = {
          id: `cs_test_${crypto.randomBytes(24).toString('hex')}`,
          object: 'checkout.session',
          mode: b.mode,
          status: 'open',
          payment_status: 'unpaid',
          customer: b.customer ?? null,
          client_reference_id: b.client_reference_id ?? null,
          success_url: b.success_url,
          cancel_url: b.cancel_url ?? null,
          metadata: b.metadata ?? {},
          subscription: null,
          payment_intent: null,
          amount_total: inline.length
            ? inline.reduce((sum, li) => sum + Number(li.price_data.unit_amount) * Number(li.quantity ?? 1), 0)
            : null,
          currency: inline[0]?.price_data.currency ?? null,
          livemode: false,
          created: nowSeconds(),
          expires_at: nowSeconds() + 86_400,
          url: '',
          _line_items: items,
          _subscription_metadata: b.subscription_data?.metadata ?? {},
        };
        s.url = `https://checkout.stripe.com/c/pay/${s.id}`;
        sessions.set(s.id, s);
        return ok(publicOf(s));
      },
    ],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (m) => (sessions.has(m[1]) ? ok(publicOf(sessions.get(m[1])!)) : missing('checkout.session', m[1])),
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (_m, _q, b) => {
        if (!b.customer)
          return error(400, 'invalid_request_error', 'Missing required param: customer.', {
            code: 'parameter_missing',
            param: 'customer',
          });
        if (!customers.has(b.customer)) return missing('customer', b.customer, 'customer');
        const s = {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: b.customer,
          return_url: b.return_url ?? null,
          created: nowSeconds(),
          livemode: false,
          url: '',
        };
        s.url = `https://billing.stripe.com/p/session/test_${s.id}`;
        return ok(s);
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      (_m, q) => {
        const status = q.get('status');
        const data = [...subscriptions.values()]
          .filter(
            (s) =>
              (!q.get('customer') || s.customer === q.get('customer')) &&
              (status === 'all' || (status ? s.status === status : s.status !== 'canceled')),
          )
          .sort((a, b) => b.created - a.created)
          .slice(0, Number(q.get('limit') ?? 10));
        return list('/v1/subscriptions', data);
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m) => (subscriptions.has(m[1]) ? ok(subscriptions.get(m[1])!) : missing('subscription', m[1])),
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, _q, b) => {
        const s = subscriptions.get(m[1]);
        if (!s) return missing('subscription', m[1]);
        if (s.status === 'canceled')
          return error(
            400,
            'invalid_request_error',
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        if ('cancel_at_period_end' in b) {
          s.cancel_at_period_end = b.cancel_at_period_end === 'true';
          s.cancel_at = s.cancel_at_period_end ? s.items.data[0].current_period_end : null;
        }
        return ok(s);
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m) => {
        const s = subscriptions.get(m[1]);
        if (!s) return missing('subscription', m[1]);
        if (s.status === 'canceled')
          return error(400, 'invalid_request_error', `No such subscription: '${m[1]}'`, {
            code: 'resource_missing',
            param: 'id',
          });
        Object.assign(s, { status: 'canceled', canceled_at: nowSeconds(), ended_at: nowSeconds() });
        return ok(s);
      },
    ],
    [
      'GET',
      /^\/v1\/invoices$/,
      (_m, q) => {
        const data = [...invoices.values()]
          .filter((i) => !q.get('customer') || i.customer === q.get('customer'))
          .sort((a, b) => b.created - a.created)
          .slice(0, Number(q.get('limit') ?? 10));
        return list('/v1/invoices', data);
      },
    ],
  ];

  function missing(kind: string, what: string, param = 'id'): FakeResponse {
    return error(
      kind === 'customer' || kind === 'price' ? 400 : 404,
      'invalid_request_error',
      `No such ${kind}: '${what}'`,
      { code: 'resource_missing', param },
    );
  }
  function publicOf(s: Obj): Obj {
    const { _line_items, _subscription_metadata, ...rest } = s;
    return rest;
  }

  const server = await startFakeServer(
    (req: FakeRequest) => {
      const auth = req.headers.authorization ?? '';
      if (auth !== `Bearer ${secretKey}`) {
        return error(
          401,
          'invalid_request_error',
          `Invalid API Key provided: ${auth.replace(/^Bearer\s+/, '').slice(0, 8)}****`,
        );
      }
      const url = new URL(req.path, 'http://stripe.local');
      const body = req.body.length ? parseStripeForm(req.body.toString('utf8')) : {};
      for (const [method, re, fn] of routes) {
        const m = url.pathname.match(re);
        if (m && method === req.method) return fn(m, url.searchParams, body);
      }
      return error(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${req.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      );
    },
    {
      error: {
        type: 'invalid_request_error',
        code: 'rate_limit',
        message: 'Too many requests hit the API too quickly.',
      },
    },
  );

  return {
    url: server.url,
    secretKey,
    server,
    customers,
    sessions,
    subscriptions,
    invoices,
    completeCheckout(sessionId, at = nowSeconds()) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const pid = session._line_items[0].price;
      const sub: Obj = {
        id: id('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        created: at,
        start_date: at,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        latest_invoice: null,
        livemode: false,
        metadata: session._subscription_metadata,
        items: {
          object: 'list',
          has_more: false,
          url: '/v1/subscription_items',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price: price(pid),
              quantity: 1,
              current_period_start: at,
              current_period_end: plusOneMonth(at),
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      const invoice = makeInvoice(sub, 'paid');
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      return { subscription: sub, invoice, session: publicOf(session) };
    },
    completePayment(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      if (session.mode !== 'payment') throw new Error(`session ${sessionId} is not in payment mode`);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi') });
      return publicOf(session);
    },
    renew(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = sub.items.data[0];
      if (sub.cancel_at_period_end) {
        Object.assign(sub, {
          status: 'canceled',
          canceled_at: item.current_period_end,
          ended_at: item.current_period_end,
        });
        return { subscription: sub };
      }
      item.current_period_start = item.current_period_end;
      item.current_period_end = plusOneMonth(item.current_period_start);
      sub.status = 'active';
      return { subscription: sub, invoice: makeInvoice(sub, 'paid') };
    },
    failRenewal(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = sub.items.data[0];
      item.current_period_start = item.current_period_end;
      item.current_period_end = plusOneMonth(item.current_period_start);
      sub.status = 'past_due';
      return { subscription: sub, invoice: makeInvoice(sub, 'open') };
    },
    eventPayload(type, object) {
      return JSON.stringify(
        {
          id: id('evt'),
          object: 'event',
          api_version: '2026-10-28.endive',
          created: nowSeconds(),
          data: { object },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      );
    },
    close: () => server.close(),
  };
}
