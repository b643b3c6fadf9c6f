import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';

/**
 * A button that shows a small spinner before its label and is disabled while `busy` (a request it started is
 * running). Every other attribute is a plain <button>'s.
 */
export function BusyButton({
  busy,
  disabled,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean }) {
  return (
    <button {...rest} disabled={disabled || busy}>
      {busy ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}
