/** The Tarjama mark: a speech bubble carrying two scripts. Decorative next to the visible name. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="tarjama-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="0.55" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#0ea5e9" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="60" height="60" rx="16" fill="url(#tarjama-g)" />
      <path d="M16 20h20M26 20v22" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      <path d="M38 34c4 0 8 2 8 6s-3 6-7 6h-3" stroke="#fff" strokeWidth="4.5" strokeLinecap="round" fill="none" />
      <circle cx="44" cy="24" r="3.2" fill="#fff" />
    </svg>
  );
}
