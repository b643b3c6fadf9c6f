/**
 * The voice-over option "Use the speakers' own voices" (issue 21 item 4): offered only when the server can clone
 * voices (GET /v1/capabilities `voice_cloning`) and Premium voices are chosen. Every speaker of the video is cloned
 * from their own speech; the price per minute (the `voice_clone` rate) is shown. A consent checkbox is required:
 * until it is ticked, Start stays disabled and a plain sentence says why.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { rateLabel, useRates } from '../../../lib/price-text.ts';

interface VoiceCloneFieldProps {
  clone: boolean;
  consent: boolean;
  onChange: (change: { voiceClone?: boolean; voiceCloneConsent?: boolean }) => void;
}

export function VoiceCloneField({ clone, consent, onChange }: VoiceCloneFieldProps) {
  const { i18n } = useLingui();
  const rate = useRates()?.voice_clone;
  const price = rate ? rateLabel(rate, i18n) : '';
  return (
    <fieldset className="field fieldset" data-testid="voice-clone">
      <legend className="label">
        <Trans>Speakers' voices</Trans>
      </legend>
      <label className="option-row">
        <input
          type="checkbox"
          checked={clone}
          onChange={(e) => onChange({ voiceClone: e.target.checked })}
          data-testid="voice-clone-toggle"
        />
        <span>
          <strong>
            <Trans>Use the speakers' own voices</Trans>
          </strong>
          <small>
            <Trans>Each speaker is dubbed in a copy of their own voice. {price} per language.</Trans>
          </small>
        </span>
      </label>
      {clone ? (
        <>
          <label className="option-row">
            <input
              type="checkbox"
              checked={consent}
              onChange={(e) => onChange({ voiceCloneConsent: e.target.checked })}
              data-testid="voice-clone-consent"
              required
            />
            <span>
              <strong>
                <Trans>I have the right to clone these voices</Trans>
              </strong>
            </span>
          </label>
          {!consent ? (
            <p className="muted small" data-testid="voice-clone-consent-needed">
              <Trans>Tick the box above to confirm you may clone these voices; then you can start.</Trans>
            </p>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
