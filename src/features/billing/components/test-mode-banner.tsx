import { Trans } from '@lingui/react/macro';

/** Says plainly that billing runs without a payment provider. */
export function TestModeBanner() {
  return (
    <div className="test-banner" role="note" data-testid="test-mode-banner">
      <strong>
        <Trans>Test mode</Trans>
      </strong>
      <span>
        <Trans>No payment is taken. Plans are applied locally because no payment provider is configured.</Trans>
      </span>
    </div>
  );
}
