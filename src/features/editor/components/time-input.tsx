import { useState } from 'react';
import { formatTime, parseTime } from '../rows.ts';

interface TimeInputProps {
  value: number;
  label: string;
  testId: string;
  onCommit: (seconds: number) => void;
}

/** A cue time typed as m:ss.mmm; applied on Enter or when leaving the box, reverted when it is not a time. */
export function TimeInput({ value, label, testId, onCommit }: TimeInputProps) {
  // What the user is typing; null shows the cue's time (which a dragged region edge changes).
  const [typing, setTyping] = useState<string | null>(null);
  const apply = () => {
    const seconds = parseTime(typing ?? '');
    if (Number.isFinite(seconds) && Math.abs(seconds - value) >= 0.0005) onCommit(seconds);
    // The store keeps times between the neighbours: the box shows what it kept.
    setTyping(null);
  };
  return (
    <input
      className="input cue-time"
      dir="ltr"
      inputMode="decimal"
      aria-label={label}
      data-testid={testId}
      value={typing ?? formatTime(value)}
      onChange={(e) => setTyping(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          apply();
        }
      }}
    />
  );
}
