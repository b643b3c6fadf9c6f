import { Trans, useLingui } from '@lingui/react/macro';
import type { Invoice } from '../../../../contract/billing.ts';
import { invoiceText } from '../invoice-text.ts';

/** Invoice rows in the interface language: what was paid for, 'Paid on' date, amount, Invoice link in a new tab. */
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
        const text = invoiceText(invoice, i18n);
        return (
          <li key={invoice.id} className="invoice-row" data-testid="invoice-row">
            <div className="grow">
              <p className="invoice-description">{text.title}</p>
              {text.note ? <p className="muted small">{text.note}</p> : null}
              <p className="muted small">{text.paid}</p>
            </div>
            <strong>{text.amount}</strong>
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
