import { useLingui } from '@lingui/react/macro';
import { useToastStore } from './toast-store.ts';
import './toast.css';

/** Renders the toast stack (a polite live region; errors are announced assertively). */
export function Toaster() {
  const { t } = useLingui();
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast-${item.variant}`}
          role={item.variant === 'destructive' ? 'alert' : 'status'}
        >
          <div className="toast-body">
            <p className="toast-title">{item.title}</p>
            {item.description ? <p className="toast-description">{item.description}</p> : null}
          </div>
          <button type="button" className="toast-close" aria-label={t`Close`} onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
