import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CueRule } from '../../../../contract/cues.ts';
import type { TrackCue } from '../../../../contract/tracks.ts';
import type { CueRowData } from '../rows.ts';
import { CueText } from './cue-text.tsx';
import { CueSync } from './cue-sync.tsx';
import { TimeInput } from './time-input.tsx';
import { CueSpeaker, speakerStripe } from './cue-speaker.tsx';

export interface Column {
  track: string;
  language: string;
  label: string;
  warnings: Readonly<Record<string, CueRule[]>>;
}

interface CueRowProps {
  row: CueRowData;
  index: number;
  active: boolean;
  /** Ticked for "New speaker from the selected subtitles" (issue 38). */
  picked: boolean;
  onPick: (id: string) => void;
  /** Columns in reading order: [source, target]; `timingColumn` is the one the row's own cue belongs to. */
  columns: readonly [Column, Column];
  timingColumn: 0 | 1;
  onSelect: (cue: TrackCue) => void;
  onText: (track: string, id: string, text: string) => void;
  onTimes: (id: string, times: { start?: number; end?: number }) => void;
  onNext: (index: number, column: 0 | 1) => void;
}

/** One row of the cue list: its number and times, and the source and target texts side by side. */
export const CueRow = memo(function CueRow(props: CueRowProps) {
  const { row, index, active, picked, onPick, columns, timingColumn, onSelect, onText, onTimes, onNext } = props;
  const { t } = useLingui();
  const n = index + 1;
  const cellOf = (column: 0 | 1) => {
    const col = columns[column];
    const cues = column === timingColumn ? [row.cue] : row.paired;
    return (
      <div className="cue-cell" data-column={column === 0 ? 'source' : 'target'}>
        {cues.map((cue) => [
          <CueText
            key={cue.id}
            cue={cue}
            track={col.track}
            language={col.language}
            label={t`Subtitle ${n}, ${col.label}`}
            warnings={col.warnings[cue.id]}
            onChange={(text) => onText(col.track, cue.id, text)}
            onNext={() => onNext(index, column)}
          />,
          column === 1 ? (
            <CueSync key={`sync-${cue.id}`} track={col.track} cueId={cue.id} active={active} onText={onText} />
          ) : null,
        ])}
      </div>
    );
  };
  return (
    <li
      className={`cue-row${active ? ' cue-active' : ''}`}
      data-testid="cue-row"
      data-cue-id={row.cue.id}
      aria-current={active ? 'true' : undefined}
      onFocusCapture={() => onSelect(row.cue)}
      data-speaker={row.cue.speaker}
      style={speakerStripe(row.cue.speaker)}
    >
      <div className="cue-times">
        <label className="cue-pick">
          <input
            type="checkbox"
            checked={picked}
            onChange={() => onPick(row.cue.id)}
            aria-label={t`Select subtitle ${n}`}
            data-testid="cue-pick"
          />
          <span className="cue-number">{n}</span>
        </label>
        <CueSpeaker cue={row.cue} track={columns[timingColumn].track} number={n} />
        <TimeInput
          value={row.cue.start}
          label={t`Start of subtitle ${n}`}
          testId="cue-start"
          onCommit={(start) => onTimes(row.cue.id, { start })}
        />
        <TimeInput
          value={row.cue.end}
          label={t`End of subtitle ${n}`}
          testId="cue-end"
          onCommit={(end) => onTimes(row.cue.id, { end })}
        />
      </div>
      {cellOf(0)}
      {cellOf(1)}
    </li>
  );
});
