import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EstimateResponse } from '../../../../contract/jobs.ts';
import { formatCredits, formatDuration } from '../../../lib/format.ts';
import { creditsLabel, rateLabel, useRates } from '../../../lib/price-text.ts';
import { SERVICE_LABELS } from '../labels.ts';
import { rateSummary } from '../pricing.ts';
import type { StudioConfig } from '../schemas.ts';

interface CostSummaryProps {
  kind: 'media' | 'document';
  config: StudioConfig;
  /** The server's price for this file, once it is on the server. */
  exact: EstimateResponse | null;
  /** The file is on the server (or a link was given): the exact price is coming or cannot be asked. */
  uploaded: boolean;
}

/**
 * Cost summary (spec section 2): the server's rates times the target languages while the file uploads, then the
 * server's exact price for this file in bold with its length or word count, and a warning with a link to
 * /pricing when it is more than the balance.
 */
export function CostSummary({ kind, config, exact, uploaded }: CostSummaryProps) {
  const { i18n } = useLingui();
  const rates = useRates();
  const summary = rates ? rateSummary(kind, config, rates) : null;
  const short = exact !== null && exact.credits > exact.balance;
  const balanceText = exact ? creditsLabel(exact.balance, i18n) : '';
  const length = exact?.media_seconds !== undefined ? formatDuration(exact.media_seconds, i18n.locale) : null;
  const words = exact?.word_count !== undefined ? formatCredits(exact.word_count, i18n.locale) : null;
  return (
    <div className="cost-summary" data-testid="cost-summary">
      <h3>
        <Trans>Cost summary</Trans>
      </h3>
      {summary?.lines.map((line) => (
        <p className="cost-line" key={line.service} data-service={line.service}>
          <span>
            {i18n._(SERVICE_LABELS[line.service])} ({line.languages} × {rateLabel(line.rate, i18n)})
          </span>
          <span>{rateLabel(line.total, i18n)}</span>
        </p>
      ))}
      {exact ? (
        <>
          <p className="cost-line total" data-testid="exact-cost">
            <span>
              <Trans>Total</Trans>
            </span>
            <strong>{creditsLabel(exact.credits, i18n)}</strong>
          </p>
          <p className="cost-note" data-testid="exact-basis">
            {length !== null ? (
              <Trans>For {length} of media.</Trans>
            ) : words !== null ? (
              <Trans>For {words} words.</Trans>
            ) : null}{' '}
            <Trans>Your balance: {balanceText}.</Trans>
          </p>
          {short ? (
            <p className="cost-short" role="alert" data-testid="not-enough-credits">
              <Trans>
                Not enough credits for this job. <Link href="/pricing">Get more credits</Link>
              </Trans>
            </p>
          ) : null}
        </>
      ) : (
        <>
          {summary?.total ? (
            <p className="cost-line total" data-testid="rate-total">
              <span>
                <Trans>Total estimated cost</Trans>
              </span>
              <span>{rateLabel(summary.total, i18n)}</span>
            </p>
          ) : null}
          <p className="cost-note">
            {uploaded ? (
              <Trans>The price is set from the real length when the job starts.</Trans>
            ) : (
              <Trans>The exact price appears once the file is uploaded.</Trans>
            )}
          </p>
        </>
      )}
    </div>
  );
}
