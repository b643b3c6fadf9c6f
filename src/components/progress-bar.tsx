/**
 * Progress bar; `value` is a percentage 0-100, drawn exactly (the fill is `value`% of the track). `label` names it
 * for screen readers, `valueText` says the value in the interface language ('86%').
 */
export function ProgressBar({
  value,
  label,
  valueText,
  tone = 'primary',
}: {
  value: number;
  label?: string;
  valueText?: string;
  tone?: 'primary' | 'success' | 'warning';
}) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      className={`progress progress-${tone}`}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-label={label}
      aria-valuetext={valueText}
    >
      <div className="progress-fill" style={{ inlineSize: `${clamped}%` }} />
    </div>
  );
}
