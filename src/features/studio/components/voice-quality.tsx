import { Trans } from '@lingui/react/macro';
import type { VoiceOverMode } from '../../../../contract/jobs.ts';

interface VoiceQualityProps {
  kind: string;
  mode: VoiceOverMode;
  /** Whether the server's engines have Premium (neural) voices for the chosen targets; null before it answered. */
  premium: boolean | null;
  onChange: (mode: VoiceOverMode) => void;
}

/**
 * Voice-over quality: Standard or Premium. Premium is offered only when the server's engines have Premium voices
 * (GET /v1/capabilities, voice tiers); otherwise it is shown disabled with the reason, and Standard is used
 * (issue 22, item 7: Premium was the default while only Standard voices existed).
 */
export function VoiceQuality({ kind, mode, premium, onChange }: VoiceQualityProps) {
  const noPremium = premium === false;
  const current = noPremium ? 'manual' : mode;
  return (
    <fieldset className="field fieldset">
      <legend className="label">
        <Trans>Voice-over quality</Trans>
      </legend>
      <div className="quality-grid">
        <label className={`quality${current === 'manual' ? ' selected' : ''}`}>
          <input
            type="radio"
            name={`mode-${kind}`}
            checked={current === 'manual'}
            onChange={() => onChange('manual')}
          />
          <strong>
            <Trans>Standard</Trans>
          </strong>
          <small>
            <Trans>Clear synthetic voices</Trans>
          </small>
        </label>
        <label className={`quality${current === 'dubbing' ? ' selected' : ''}`} aria-disabled={noPremium}>
          <input
            type="radio"
            name={`mode-${kind}`}
            checked={current === 'dubbing'}
            disabled={noPremium}
            onChange={() => onChange('dubbing')}
          />
          <strong>
            <Trans>Premium</Trans>
          </strong>
          <small>
            <Trans>Natural neural voices</Trans>
          </small>
        </label>
      </div>
      {noPremium ? (
        <p className="muted small" data-testid="premium-unavailable">
          <Trans>
            Premium needs a neural voice engine, and this server has only Standard voices for these languages, so the
            voice-over uses Standard voices.
          </Trans>
        </p>
      ) : null}
    </fieldset>
  );
}
