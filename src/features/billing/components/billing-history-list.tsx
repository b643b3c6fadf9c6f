import { Trans, useLingui } from '@lingui/react/macro';
import type { Invoice } from '../../../../contract/billing.ts';

/** Invoice rows: description, 'Paid on' date, $ amount with 2 decimals, Invoice link in a new tab. */
export function BillingHistoryList({ invoices, loading }: { invoices: Invoice[] | null; loading: boolean }) {
  const { i18n } = useLingui();
  if (loading)
    return (
      <p className="muted">
        <Trans>Loading billing history...</Trans>
      </p>
    );
  if (!invoices || invoices.length === 0)
    return (
      <p className="muted">
        <Trans>No billing history found.</Trans>
      </p>
    );
  return (
    <ul className="invoice-list">
      {invoices.map((invoice) => {
        const date = new Intl.DateTimeFormat(i18n.locale === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium' }).format(
          new Date(invoice.date),
        );
        return (
          <li key={invoice.id} className="invoice-row" data-testid="invoice-row">
            <div className="grow">
              <p className="invoice-description">{invoice.description}</p>
              <p className="muted small">
                <Trans>Paid on {date}</Trans>
              </p>
            </div>
            <strong dir="ltr">${invoice.amount.toFixed(2)}</strong>
            {invoice.invoice_pdf ? (
              <a className="btn btn-ghost btn-sm" href={invoice.invoice_pdf} target="_blank" rel="noopener noreferrer">
                <Trans>Invoice</Trans>
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
