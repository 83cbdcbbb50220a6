import { useEffect, useState } from 'react';

export const MENU = [
  { id: 'dashboard', label: 'Dashboard', icon: '⌂' },
  { id: 'upload', label: 'Upload Answer Keys', icon: '⇪' },
  { id: 'papers', label: 'All Question Papers', icon: '▤' },
  { id: 'results', label: 'View Results', icon: '☰' },
  { id: 'logout', label: 'Logout', icon: '⎋' },
] as const;

export type MenuChoice = (typeof MENU)[number]['id'];
export type PanelId = Exclude<MenuChoice, 'logout'>;

/** Spec §2: an unknown choice falls back to the Dashboard panel. */
export function panelFor(choice: string): PanelId {
  const known = MENU.find((entry) => entry.id === choice && entry.id !== 'logout');
  return (known?.id as PanelId | undefined) ?? 'dashboard';
}

export const SIDEBAR_OPEN_PX = 300;
export const SIDEBAR_COLLAPSED_PX = 60;
export const SIDEBAR_AUTO_COLLAPSE_MS = 2000;

interface SidebarProps {
  active: PanelId;
  onChoose: (choice: MenuChoice) => void;
}

/** Starts open, collapses by itself after 2 s and after every choice; the toggle opens and closes it. */
export function Sidebar({ active, onChoose }: SidebarProps) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setOpen(false), SIDEBAR_AUTO_COLLAPSE_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <nav
      className={`admin-sidebar ${open ? 'admin-sidebar--open' : 'admin-sidebar--collapsed'}`}
      style={{ width: open ? SIDEBAR_OPEN_PX : SIDEBAR_COLLAPSED_PX }}
      aria-label="Admin menu"
      data-testid="admin-sidebar"
    >
      <button
        type="button"
        className="admin-sidebar__toggle"
        aria-expanded={open}
        aria-label={open ? 'Collapse menu' : 'Expand menu'}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {open ? '«' : '»'}
      </button>
      <ul>
        {MENU.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className="admin-sidebar__entry"
              aria-current={entry.id === active ? 'page' : undefined}
              title={entry.label}
              onClick={() => {
                setOpen(false);
                onChoose(entry.id);
              }}
            >
              <span aria-hidden="true" className="admin-sidebar__icon">
                {entry.icon}
              </span>
              <span className={open ? 'admin-sidebar__label' : 'visually-hidden'}>{entry.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
