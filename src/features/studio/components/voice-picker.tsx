import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { VoiceInfo, VoiceTier } from '../../../../contract/capabilities.ts';
import { languageLabel } from '../../../config/languages.ts';
import { useCapabilitiesStore, voiceSampleUrl, voicesFor } from '../../../lib/capabilities.ts';
import { voiceName } from '../../../lib/voice-name.ts';

interface VoicePickerProps {
  kind: 'media' | 'document';
  targets: string[];
  tier: VoiceTier;
  chosen: Record<string, string>;
  onChoose: (language: string, voiceId: string) => void;
}

/**
 * One voice per target language (GET /v1/capabilities), each with a short sample to hear first
 * (GET /v1/voices/{id}/sample, made once and cached by the server). "Default voice" leaves the choice to the
 * voice-over quality.
 */
export function VoicePicker({ kind, targets, tier, chosen, onChoose }: VoicePickerProps) {
  const { t, i18n } = useLingui();
  const caps = useCapabilitiesStore((s) => s.languages);
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (!caps) return null;
  const label = (voice: VoiceInfo) => {
    const tierName = voice.tier === 'premium' ? t`Premium` : t`Standard`;
    return `${voiceName(voice, i18n)} · ${tierName}`;
  };
  const play = (language: string, voiceId: string) => {
    audio.current?.pause();
    const player = new Audio(voiceSampleUrl(voiceId, language));
    audio.current = player;
    setFailed(null);
    setPlaying(language);
    player.onended = () => setPlaying(null);
    player.onerror = () => {
      setPlaying(null);
      setFailed(language);
    };
    player.play().catch(() => {
      setPlaying(null);
      setFailed(language);
    });
  };
  return (
    <fieldset className="field fieldset voice-picker" data-testid="voice-picker">
      <legend className="label">
        <Trans>Voices</Trans>
      </legend>
      {targets.map((code) => {
        const voices = voicesFor(caps, code, tier);
        if (voices.length === 0) return null;
        const id = `voice-${kind}-${code}`;
        const current = chosen[code] ?? '';
        const sampleOf = current || voices[0].id;
        return (
          <div className="voice-row" key={code}>
            <label className="voice-language" htmlFor={id}>
              {languageLabel(code, i18n)}
            </label>
            <select
              id={id}
              className="select"
              value={current}
              onChange={(e) => onChoose(code, e.target.value)}
              data-testid={`voice-${code}`}
            >
              <option value="">{t`Default voice`}</option>
              {voices.map((voice) => (
                <option key={voice.id} value={voice.id}>
                  {label(voice)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => play(code, sampleOf)}
              aria-label={t`Play a sample of the ${languageLabel(code, i18n)} voice`}
              data-testid={`voice-sample-${code}`}
              disabled={playing === code}
            >
              {playing === code ? <Trans>Playing…</Trans> : <Trans>Play sample</Trans>}
            </button>
            {failed === code ? (
              <p className="field-error" role="alert">
                <Trans>The sample could not be played. Try again in a moment.</Trans>
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
