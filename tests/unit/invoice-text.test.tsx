// Invoices in the user's language (issue 15 item 7): the server says what an invoice paid for (plan, period, test
// mode) and the row words it from the catalog, with Intl dates and amounts; no English shows in Arabic. The
// provider's own description is kept for invoices of a kind the app cannot describe.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { Invoice } from '../../contract/billing.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { BillingHistoryList } from '../../src/features/billing/components/billing-history-list.tsx';

const ARABIC = /[\u0600-\u06ff]/;
const LATIN = /[A-Za-z]/;

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 'test_in_1',
  description: 'Pro plan, 2026-11-23 to 2026-12-23 (TEST MODE — no payment taken)',
  date: '2026-11-23T10:00:00.000Z',
  amount: 49,
  currency: 'usd',
  invoice_pdf: 'http://127.0.0.1/v1/billing/test-invoices/test_in_1?sig=x',
  kind: 'subscription',
  plan: 'pro',
  period_start: '2026-11-23T10:00:00.000Z',
  period_end: '2026-12-23T10:00:00.000Z',
  test_mode: true,
  ...over,
});

const rowText = (list: Invoice[]) => {
  render(
    <I18nProvider i18n={i18n}>
      <BillingHistoryList invoices={list} loading={false} />
    </I18nProvider>,
  );
  // Intl separates a range with thin spaces; read them as spaces.
  return screen.getAllByTestId('invoice-row').map((row) => (row.textContent ?? '').replace(/\s/g, ' '));
};

afterEach(cleanup);
afterAll(() => activateLocale('en', { persist: false }));

describe('invoice rows', () => {
  it('word a plan invoice in English from its fields: plan, period, test mode, date and amount', async () => {
    await activateLocale('en', { persist: false });
    const [text] = rowText([invoice()]);
    expect(text).toContain('Pro plan, 23 Nov – 23 Dec 2026');
    expect(text).toContain('Test mode: no payment taken');
    expect(text).toContain('Paid on 23 Nov 2026');
    expect(text).toContain('$49.00');
    expect(text).not.toContain('TEST MODE');
  });

  it('show an Arabic plan invoice with no Latin letter but the brand name: months, amount and link', async () => {
    await activateLocale('ar', { persist: false });
    const [text] = rowText([invoice()]);
    expect(text).toMatch(ARABIC);
    // 'Pro' and 'Explorer' are brand names the Arabic catalog keeps (tests/unit/i18n-catalog.test.ts).
    expect(text).toContain('خطة Pro، 23 نوفمبر – 23 ديسمبر 2026');
    expect(text.replace('Pro', '')).not.toMatch(LATIN);
    expect(text).toContain('نوفمبر');
    expect(text).toContain('49.00');
    const link = screen.getByRole('link');
    expect(link.textContent).toMatch(ARABIC);
  });

  it('keep the provider’s description for an invoice of another kind', async () => {
    await activateLocale('ar', { persist: false });
    const [text] = rowText([invoice({ kind: 'other', plan: null, description: 'Setup fee', test_mode: false })]);
    expect(text).not.toContain('وضع الاختبار');
    expect(text).toContain('Setup fee');
    expect(text).toContain('دولار');
  });
});
