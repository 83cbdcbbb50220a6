import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ModalDialog } from '../../lib/ui/ModalDialog';
import { ExternalLink } from '../../lib/ui/ExternalLink';
import { ProfileEntry } from '../../features/auth/ProfileEntry';
import { Logo } from './Logo';
import { topBarLinks } from './navigation';

function ExternalLinks({ onNavigate }: { onNavigate?: () => void }) {
  return topBarLinks.map((link) => (
    <li key={link.label}>
      <ExternalLink href={link.href} onClick={onNavigate}>
        {link.label}
      </ExternalLink>
    </li>
  ));
}

/** Logo and Home, the four external links, the profile entry; under 900 px the links move into a right drawer. */
export function TopBar() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);
  return (
    <header className="top-bar">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="top-bar__inner">
        <Link to="/" className="top-bar__logo" aria-label="HireGate home">
          <Logo />
        </Link>
        <nav className="top-bar__nav" aria-label="Main">
          <ul className="top-bar__links">
            <li>
              <Link to="/" activeOptions={{ exact: true }}>
                Home
              </Link>
            </li>
            <ExternalLinks />
          </ul>
        </nav>
        <div className="top-bar__actions">
          <ProfileEntry />
          <button
            type="button"
            className="top-bar__menu-button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
      <ModalDialog open={drawerOpen} onClose={closeDrawer} labelledBy="drawer-title" className="drawer">
        <div className="drawer__panel">
          <div className="drawer__header">
            <h2 id="drawer-title" className="drawer__title">
              Menu
            </h2>
            <button type="button" className="icon-button" aria-label="Close menu" onClick={closeDrawer}>
              ×
            </button>
          </div>
          <nav aria-label="Menu">
            <ul className="drawer__links">
              <li>
                <Link to="/" onClick={closeDrawer}>
                  Home
                </Link>
              </li>
              <ExternalLinks onNavigate={closeDrawer} />
            </ul>
          </nav>
        </div>
      </ModalDialog>
    </header>
  );
}
