/**
 * The words of an invoice row in the interface language (issue 15 item 7). The server sends what an invoice is
 * for (contract `Invoice`: kind, plan, period, test mode); the text is built here from the catalog, so Arabic
 * shows no English. The provider's own description is shown only for invoices the app cannot describe.
 */
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { Invoice } from '../../../contract/billing.ts';
import { planTitle } from '../../config/constants.ts';
import { formatCredits, formatDay, formatDayRange, formatMoney } from '../../lib/format.ts';

const TEST_NOTE = msg`Test mode: no payment taken`;

/** What one invoice row says: what it paid for, an optional note, when it was paid and how much. */
export interface InvoiceText {
  /** 'Pro plan, 23 Nov – 23 Dec 2026', 'Pack of 100 credits, bought once', or the provider's text for 'other'. */
  title: string;
  /** 'Test mode: no payment taken' for a local test-mode invoice, else null. */
  note: string | null;
  /** 'Paid on 23 Nov 2026' */
  paid: string;
  /** '$19.00' (en), '19.00 دولار أمريكي' (ar) */
  amount: string;
}

/** The texts of `invoice` in `i18n`'s active language. */
export function invoiceText(invoice: Invoice, i18n: I18n): InvoiceText {
  const locale = i18n.locale;
  let title = invoice.description;
  if (invoice.kind === 'subscription' && invoice.plan) {
    const plan = planTitle(invoice.plan, i18n);
    title =
      invoice.period_start && invoice.period_end
        ? periodText(plan, formatDayRange(invoice.period_start, invoice.period_end, locale), i18n)
        : i18n._(msg`${plan} plan`);
  } else if (invoice.kind === 'credit_pack' && typeof invoice.credits === 'number') {
    const credits = formatCredits(invoice.credits, locale);
    title = i18n._(msg`Pack of ${credits} credits, bought once`);
  }
  return {
    title,
    note: invoice.test_mode ? i18n._(TEST_NOTE) : null,
    paid: paidText(formatDay(invoice.date, locale), i18n),
    amount: formatMoney(invoice.amount, invoice.currency, locale),
  };
}

const periodText = (plan: string, period: string, i18n: I18n) => i18n._(msg`${plan} plan, ${period}`);
const paidText = (date: string, i18n: I18n) => i18n._(msg`Paid on ${date}`);
