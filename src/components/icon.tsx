import type { ReactNode } from 'react';

/**
 * A line icon on a 24-unit grid, drawn in the text colour (stroke 2) and hidden from screen readers: the button or
 * text beside it carries the name. `size` in CSS pixels (18 by default); `children` are its paths and shapes.
 */
export function Icon({ size = 18, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
