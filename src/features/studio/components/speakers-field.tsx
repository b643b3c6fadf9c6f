/**
 * The configuration card's "Speakers" choice (issue 19): Auto (the default: the speakers stage finds how many
 * people speak) or 1 … 8. Sent as the request's `num_speakers`; 1 gives every line one speaker.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_SPEAKERS } from '../../../../contract/jobs.ts';

interface SpeakersFieldProps {
  value: number | null;
  onChange: (speakers: number | null) => void;
}

const COUNTS = Array.from({ length: MAX_SPEAKERS }, (_, i) => i + 1);

export function SpeakersField({ value, onChange }: SpeakersFieldProps) {
  const { t, i18n } = useLingui();
  return (
    <label className="field">
      <span className="label">
        <Trans>Speakers</Trans>
      </span>
      <select
        className="select"
        value={value === null ? 'auto' : String(value)}
        onChange={(e) => onChange(e.target.value === 'auto' ? null : Number(e.target.value))}
        data-testid="num-speakers"
      >
        <option value="auto">{t`Auto`}</option>
        {COUNTS.map((n) => (
          <option key={n} value={n}>
            {i18n.number(n)}
          </option>
        ))}
      </select>
      <small className="muted small">
        <Trans>How many people speak in the video. Auto finds out for you.</Trans>
      </small>
    </label>
  );
}
