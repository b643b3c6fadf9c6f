/** Progress bar; `value` is a percentage 0-100. */
export function ProgressBar({ value, label, tone = 'primary' }: { value: number; label?: string; tone?: 'primary' | 'success' | 'warning' }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div className={`progress progress-${tone}`} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(clamped)} aria-label={label}>
      <div className="progress-fill" style={{ inlineSize: `${clamped}%` }} />
    </div>
  );
}
