import type { CSSProperties } from 'react';
import { useSpeakerName } from '../speaker-name.ts';
import { useLingui } from '@lingui/react/macro';
import type { TrackCue } from '../../../../contract/tracks.ts';
import { setCueSpeaker, speakerColour } from '../speakers.ts';
import { selectDoc, useEditorStore } from '../store.ts';

/** The cue row's stripe in its speaker's colour (logical side: the start edge in both reading directions). */
export function speakerStripe(speaker: string | undefined): CSSProperties | undefined {
  const colour = speakerColour(speaker);
  return colour ? { borderInlineStartColor: colour, borderInlineStartWidth: '4px' } : undefined;
}

interface CueSpeakerProps {
  cue: TrackCue;
  track: string;
  /** The row's number, for the label. */
  number: number;
}

/** Who says a cue, as a choice among the job's speakers (moves the cue to another speaker); none without speakers. */
export function CueSpeaker({ cue, track, number }: CueSpeakerProps) {
  const { t } = useLingui();
  const nameOf = useSpeakerName();
  const speakers = useEditorStore((s) => selectDoc(s)?.speakers);
  const edit = useEditorStore((s) => s.edit);
  if (!speakers?.length || !cue.speaker) return null;
  return (
    <select
      className="cue-speaker"
      value={cue.speaker}
      aria-label={t`Speaker of subtitle ${number}`}
      data-testid="cue-speaker"
      style={{ color: speakerColour(cue.speaker) }}
      onChange={(e) => edit((doc) => setCueSpeaker(doc, track, cue.id, e.target.value))}
    >
      {speakers.map((sp) => (
        <option key={sp.id} value={sp.id}>
          {nameOf(sp)}
        </option>
      ))}
    </select>
  );
}
