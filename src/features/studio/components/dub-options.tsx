/**
 * The voice-over's options under the quality choice: "Keep voices natural" (issue 20 item 3, a video only), "Remove
 * the original speech" (issue 21 item 4, when the server separates voices: GET /v1/capabilities
 * `voice_separation`) and "Use the speakers' own voices" (issue 21 item 4, Premium with `voice_cloning`). Shown
 * only while voice-over is chosen.
 */
import { Trans } from '@lingui/react/macro';
import { CheckboxRow } from '../../../components/checkbox-row.tsx';
import { useCapabilitiesStore } from '../../../lib/capabilities.ts';
import { useStudioStore, type StudioTab } from '../store.ts';
import { VoiceCloneField } from './voice-clone-field.tsx';

interface DubOptionsProps {
  kind: StudioTab;
  /** The input has a picture the dub may slow (a video or a YouTube link). */
  hasPicture: boolean;
  /** Whether the chosen languages have Premium voices (hasPremiumVoices: null while not known). */
  premium: boolean | null;
}

export function DubOptions({ kind, hasPicture, premium }: DubOptionsProps) {
  const config = useStudioStore((s) => s.config[kind]);
  const update = useStudioStore((s) => s.updateConfig);
  const voiceCloning = useCapabilitiesStore((s) => s.voiceCloning) === true;
  const voiceSeparation = useCapabilitiesStore((s) => s.voiceSeparation) === true;
  if (!config.voiceOver) return null;
  return (
    <>
      {hasPicture ? (
        <CheckboxRow
          checked={Boolean(config.keepNatural)}
          onChange={(keepNatural) => update(kind, { keepNatural })}
          title={<Trans>Keep voices natural</Trans>}
          hint={
            <Trans>
              Where a translated line needs more time, the video is slowed a little (at most 1.25x) instead of rushing
              the voice, so the dubbed video may become slightly longer; the MP3 keeps its length.
            </Trans>
          }
          testId="keep-natural"
        />
      ) : null}
      {voiceSeparation ? (
        <CheckboxRow
          checked={Boolean(config.removeSpeech)}
          onChange={(removeSpeech) => update(kind, { removeSpeech })}
          title={<Trans>Remove the original speech</Trans>}
          hint={
            <Trans>
              The dub plays over the original music and sounds with the original voices taken out, instead of over the
              whole original turned down.
            </Trans>
          }
          testId="remove-speech"
        />
      ) : null}
      {voiceCloning && config.mode === 'dubbing' && premium !== false ? (
        <VoiceCloneField
          clone={config.voiceClone === true}
          consent={config.voiceCloneConsent === true}
          onChange={(change) => update(kind, change)}
        />
      ) : null}
    </>
  );
}
