import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

interface DialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  onClose: () => void;
  /** alertdialog for destructive confirmations. */
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
}

/** Modal dialog: focus moves into it, Escape and the backdrop close it. */
export function Dialog({
  open,
  title,
  description,
  children,
  footer,
  onClose,
  role = 'dialog',
  wide = false,
}: DialogProps) {
  const titleId = useId();
  const descId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    panel.current?.querySelector<HTMLElement>('button, [href], input')?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="dialog-backdrop" role="presentation" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`dialog-panel${wide ? ' dialog-wide' : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {description ? (
          <div id={descId} className="dialog-description">
            {description}
          </div>
        ) : null}
        {children}
        {footer ? <div className="dialog-footer">{footer}</div> : null}
      </div>
    </div>
  );
}
