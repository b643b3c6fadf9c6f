import type { ReactNode } from 'react';
import './checkbox-row.css';

interface CheckboxRowProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The option's name (bold); the label wraps the box, so it names it. */
  title: ReactNode;
  /** One line under the title saying what the option does. */
  hint: ReactNode;
  testId?: string;
}

/** A labelled checkbox with a title and a muted hint: the studio's outputs and the settings' notifications. */
export function CheckboxRow({ checked, onChange, title, hint, testId }: CheckboxRowProps) {
  return (
    <label className="option-row">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>
        <strong>{title}</strong>
        <small>{hint}</small>
      </span>
    </label>
  );
}
