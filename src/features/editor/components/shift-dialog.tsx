import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../components/dialog.tsx';
import { formatTime, parseTime } from '../rows.ts';

interface ShiftDialogProps {
  /** The playhead, seconds: the point proposed. */
  from: number;
  onClose: () => void;
  /** Moves every cue starting at or after `from` seconds by `delta` seconds (negative: earlier). */
  onShift: (from: number, delta: number) => void;
}

/**
 * Shift times: every subtitle that starts at or after a point (the playhead, editable) moves later or earlier by
 * a number of seconds, on every track. One undo step; moving earlier stops at the subtitle before the point.
 */
export function ShiftDialog({ from, onClose, onShift }: ShiftDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const [point, setPoint] = useState(formatTime(from));
  const [seconds, setSeconds] = useState('1');
  const [direction, setDirection] = useState<'later' | 'earlier'>('later');
  const at = parseTime(point);
  const by = Number(seconds.replace(',', '.'));
  const valid = Number.isFinite(at) && Number.isFinite(by) && by > 0 && by <= 3600;
  const apply = () => {
    if (!valid) return;
    onShift(at, direction === 'later' ? by : -by);
    onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={<Trans>Shift times</Trans>}
      description={<Trans>Every subtitle that starts at or after this time moves, in every language.</Trans>}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn btn-primary" disabled={!valid} data-testid="shift-apply" onClick={apply}>
            <Trans>Shift</Trans>
          </button>
        </>
      }
    >
      <form
        className="shift-form"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label className="field" htmlFor={`${id}-from`}>
          <span className="label">
            <Trans>From (minutes:seconds)</Trans>
          </span>
          <input
            id={`${id}-from`}
            className="input cue-time"
            dir="ltr"
            inputMode="decimal"
            value={point}
            data-testid="shift-from"
            aria-invalid={!Number.isFinite(at)}
            onChange={(e) => setPoint(e.target.value)}
          />
        </label>
        <label className="field" htmlFor={`${id}-by`}>
          <span className="label">
            <Trans>Seconds</Trans>
          </span>
          <input
            id={`${id}-by`}
            className="input"
            dir="ltr"
            type="number"
            min="0.001"
            step="0.1"
            value={seconds}
            data-testid="shift-seconds"
            onChange={(e) => setSeconds(e.target.value)}
          />
        </label>
        <fieldset className="shift-direction">
          <legend className="label">
            <Trans>Direction</Trans>
          </legend>
          <label>
            <input
              type="radio"
              name={`${id}-direction`}
              checked={direction === 'later'}
              data-testid="shift-later"
              onChange={() => setDirection('later')}
            />{' '}
            <Trans>+ later</Trans>
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-direction`}
              checked={direction === 'earlier'}
              data-testid="shift-earlier"
              onChange={() => setDirection('earlier')}
            />{' '}
            <Trans>− earlier</Trans>
          </label>
        </fieldset>
        {!valid ? (
          <p className="field-error small" role="alert">
            {t`Enter a time and a number of seconds greater than 0.`}
          </p>
        ) : null}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
