/** The HireGate mark (the favicon's "H" with the amber dot) and word mark. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path d="M18 16h8v13h12V16h8v32h-8V36H26v12h-8z" fill="#fff" />
        <circle cx="50" cy="14" r="5" fill="var(--color-accent)" />
      </svg>
      <span className="logo__word">
        Hire<span className="logo__accent">Gate</span>
      </span>
    </span>
  );
}
