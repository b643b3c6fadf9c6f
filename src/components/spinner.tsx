/** Loading indicator; `label` is read by screen readers. */
export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner-${size}`} role="status" aria-label={label} />;
}
