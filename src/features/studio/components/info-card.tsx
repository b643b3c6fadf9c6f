import { Trans, useLingui } from '@lingui/react/macro';
import type { Service } from '../../../../contract/jobs.ts';
import { rateLabel, useRates } from '../../../lib/price-text.ts';
import { INFO_LABELS } from '../labels.ts';
import { useCapabilitiesStore } from '../../../lib/capabilities.ts';
import type { StudioTab } from '../store.ts';

/**
 * Pricing reminders per tab (spec section 2: 'Subtitles 1 credit/min', 'Voice Dubbing 3 credits/min', documents
 * '0.5 credits per 100 words'), worded from the server's rates (GET /v1/plans).
 */
export function InfoCard({ kind }: { kind: StudioTab }) {
  const { i18n } = useLingui();
  const rates = useRates();
  // Dubbing in the speakers' own voices is priced only where the server can clone voices.
  const cloning = useCapabilitiesStore((s) => s.voiceCloning) === true;
  const rate = (service: Service) => (
    <li data-service={service}>
      <span>{i18n._(INFO_LABELS[service])}</span>
      <strong>{rates ? rateLabel(rates[service], i18n) : '…'}</strong>
    </li>
  );
  return (
    <section className="card info-card" aria-labelledby={`info-${kind}`}>
      <div className="card-header">
        <h2 className="card-title" id={`info-${kind}`}>
          <Trans>How credits work</Trans>
        </h2>
      </div>
      <div className="card-body">
        {kind === 'media' ? (
          <ul className="info-list">
            {rate('subtitle')}
            {rate('voice_over')}
            {cloning ? (
              <li data-service="voice_clone">
                <span>
                  <Trans>Speakers' own voices</Trans>
                </span>
                <strong>{rates ? rateLabel(rates.voice_clone, i18n) : '…'}</strong>
              </li>
            ) : null}
            <li className="muted small">
              <Trans>Prices are per target language. Uploaded videos are deleted after 30 days.</Trans>
            </li>
          </ul>
        ) : (
          <ul className="info-list">
            {rate('document')}
            <li>
              <span>
                <Trans>Supported</Trans>
              </span>
              <strong>
                <Trans>.docx files</Trans>
              </strong>
            </li>
            <li>
              <span>
                <Trans>Also</Trans>
              </span>
              <strong>
                <Trans>.xlsx, .srt and .vtt</Trans>
              </strong>
            </li>
            <li className="muted small">
              <Trans>Formatting, tables and styles are preserved.</Trans>
            </li>
          </ul>
        )}
      </div>
    </section>
  );
}
