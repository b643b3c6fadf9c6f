/**
 * The page a test-mode invoice link opens: a receipt that says in its title, heading and body that no payment was
 * taken, so it can never be mistaken for a real charge.
 */
import type { InvoiceRow } from './billing.repository.ts';
import { TEST_MODE_LABEL } from './test-mode.service.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : 'n/a');

/** A self-contained HTML page (no scripts) for one test invoice. */
export function renderTestInvoice(inv: InvoiceRow): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>${escapeHtml(TEST_MODE_LABEL)}: test invoice ${escapeHtml(inv.providerInvoiceId)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}
.banner{border:3px dashed #b45309;background:#fef3c7;color:#78350f;padding:1rem;font-weight:700;text-align:center}
td{padding:.3rem .8rem .3rem 0}</style></head>
<body>
<p class="banner">${escapeHtml(TEST_MODE_LABEL)}. This is not a bill and nothing was charged.</p>
<h1>Test invoice</h1>
<table>
<tr><td>Invoice</td><td>${escapeHtml(inv.providerInvoiceId)}</td></tr>
<tr><td>Description</td><td>${escapeHtml(inv.description)}</td></tr>
<tr><td>Plan price shown</td><td>$${(inv.amountCents / 100).toFixed(2)} ${escapeHtml(inv.currency.toUpperCase())} (not charged)</td></tr>
<tr><td>Period</td><td>${day(inv.periodStart)} to ${day(inv.periodEnd)}</td></tr>
<tr><td>Date</td><td>${day(inv.paidAt)}</td></tr>
</table>
<p>This server runs Tarjama's billing test mode because no Stripe key is configured. Plans are applied without payment.</p>
</body></html>
`;
}
