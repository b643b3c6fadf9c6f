import type { ReactNode } from 'react';

/** Accessible FAQ list built on <details> (works without JavaScript, keyboard friendly). */
export function Faq({ items }: { items: Array<{ q: ReactNode; a: ReactNode }> }) {
  return (
    <div className="faq">
      {items.map((item, i) => (
        <details key={i} className="faq-item">
          <summary>{item.q}</summary>
          <div className="faq-answer">{item.a}</div>
        </details>
      ))}
    </div>
  );
}
