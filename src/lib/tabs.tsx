/**
 * Tabs as the ARIA pattern asks: one tab stop (the selected tab), arrow keys move between tabs and select them
 * (mirrored in a right-to-left page), Home and End go to the first and the last, and every tab names the panel
 * it controls (`aria-controls` -> `panelIdOf(base)`, which carries `aria-labelledby` -> the selected tab).
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

/** The id of a tab: `${base}-tab-${value}`. */
export const tabIdOf = (base: string, value: string) => `${base}-tab-${value}`;
/** The id of the panel the tabs of `base` control. */
export const panelIdOf = (base: string) => `${base}-panel`;

interface TabListProps<T extends string> {
  base: string;
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

export function TabList<T extends string>({ base, label, items, value, onChange, className }: TabListProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = items.findIndex((item) => item.value === value);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    let next: number | null = null;
    if (step !== undefined) next = (index + step + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next === null) return;
    e.preventDefault();
    onChange(items[next].value);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabIdOf(base, items[next].value))}`)?.focus();
  };
  return (
    <div ref={list} className={className ?? 'tabs'} role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.value}
          id={tabIdOf(base, item.value)}
          type="button"
          role="tab"
          className="tab"
          aria-selected={item.value === value}
          aria-controls={panelIdOf(base)}
          tabIndex={item.value === value ? 0 : -1}
          onClick={() => onChange(item.value)}
          onKeyDown={onKeyDown}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
