import { Trans } from '@lingui/react/macro';
import type { StudioTab } from '../store.ts';

/** Pricing reminders per tab (spec section 2): video 1 and 3 credits/min; documents 0.5 credits per 100 words. */
export function InfoCard({ kind }: { kind: StudioTab }) {
  return (
    <section className="card info-card" aria-labelledby={`info-${kind}`}>
      <div className="card-header">
        <h2 className="card-title" id={`info-${kind}`}><Trans>How credits work</Trans></h2>
      </div>
      <div className="card-body">
        {kind === 'media' ? (
          <ul className="info-list">
            <li><span><Trans>Subtitles</Trans></span><strong><Trans>1 credit/min</Trans></strong></li>
            <li><span><Trans>Voice Dubbing</Trans></span><strong><Trans>3 credits/min</Trans></strong></li>
            <li className="muted small"><Trans>Prices are per target language. Uploaded videos are deleted after 30 days.</Trans></li>
          </ul>
        ) : (
          <ul className="info-list">
            <li><span><Trans>Cost</Trans></span><strong><Trans>0.5 credits per 100 words</Trans></strong></li>
            <li><span><Trans>Supported</Trans></span><strong><Trans>.docx files</Trans></strong></li>
            <li><span><Trans>Also</Trans></span><strong><Trans>.xlsx, .srt and .vtt</Trans></strong></li>
            <li className="muted small"><Trans>Formatting, tables and styles are preserved.</Trans></li>
          </ul>
        )}
      </div>
    </section>
  );
}
