import { Trans, useLingui } from '@lingui/react/macro';
import { allowanceOf, usePlansStore } from '../../../lib/plans-store.ts';
import { formatCredits } from '../../../lib/format.ts';
import { rateLabel, useRates } from '../../../lib/price-text.ts';

/** The pricing teaser's sentence, from the server's Free allowance and rates (GET /v1/plans). */
export function PriceTeaser() {
  const { i18n } = useLingui();
  const rates = useRates();
  const free = allowanceOf(
    'Free',
    usePlansStore((s) => s.plans?.plans),
  );
  const credits = free === null ? '' : formatCredits(free, i18n.locale);
  const subtitle = rates ? rateLabel(rates.subtitle, i18n) : '';
  const voice = rates ? rateLabel(rates.voice_over, i18n) : '';
  return (
    <>
      {free === null ? <Trans>Start free.</Trans> : <Trans>Start free with {credits} credits.</Trans>}{' '}
      {rates ? (
        <Trans>
          Subtitles cost {subtitle}, voice dubbing {voice}.
        </Trans>
      ) : null}
    </>
  );
}
