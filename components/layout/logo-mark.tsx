/** The site's mark, as app/icon.svg draws it: a filing's page with an English "E" on it. Decorative. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="7" fill="var(--accent)" />
      <path d="M9 7h10l5 5v13H9z" fill="none" stroke="var(--accent-fg)" strokeWidth="2" strokeLinejoin="round" />
      <path d="M13 13h6M13 17h5M13 21h6M13 13v8" stroke="var(--accent-fg)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
