import type { AnchorHTMLAttributes } from 'react';

/**
 * A link to another site: it opens in a new tab without access to this page, and screen readers are told so (the
 * visible text stays as given).
 */
export function ExternalLink({ children, ...anchor }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a {...anchor} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
