import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';

export const MENU = [
  { id: 'dashboard', label: 'Dashboard', icon: '⌂' },
  { id: 'upload', label: 'Upload Answer Keys', icon: '⇪' },
  { id: 'papers', label: 'All Question Papers', icon: '▤' },
  { id: 'results', label: 'View Results', icon: '☰' },
  { id: 'official-results', label: 'Official results', icon: '⚑' },
  { id: 'logout', label: 'Logout', icon: '⎋' },
] as const;

export type MenuChoice = (typeof MENU)[number]['id'];
export type PanelId = Exclude<MenuChoice, 'logout'>;

/** An unknown choice falls back to the Dashboard panel. */
export function panelFor(choice: string): PanelId {
  const known = MENU.find((entry) => entry.id === choice && entry.id !== 'logout');
  return (known?.id as PanelId | undefined) ?? 'dashboard';
}

export const SIDEBAR_OPEN_PX = 300;
export const SIDEBAR_COLLAPSED_PX = 60;
export const SIDEBAR_AUTO_COLLAPSE_MS = 2000;
/** Below this width the sidebar is a drawer. */
const DRAWER_QUERY = '(max-width: 899.98px)';

const subscribeToWidth = (notify: () => void) => {
  const query = window.matchMedia(DRAWER_QUERY);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
};
const useDrawer = () => useSyncExternalStore(subscribeToWidth, () => window.matchMedia(DRAWER_QUERY).matches);

interface SidebarProps {
  active: PanelId;
  onChoose: (choice: MenuChoice) => void;
}

/**
 * Desktop: starts open (300 px), collapses to 60 px of symbols after 2 s and after every choice; a collapsed entry
 * names itself in a tooltip on hover and focus. Below 900 px: a Menu button opens a drawer over the page, which
 * closes after a choice, on Escape and on a tap beside it.
 */
export function Sidebar({ active, onChoose }: SidebarProps) {
  const drawer = useDrawer();
  return drawer ? (
    <DrawerMenu active={active} onChoose={onChoose} />
  ) : (
    <CollapsibleMenu active={active} onChoose={onChoose} />
  );
}

function CollapsibleMenu({ active, onChoose }: SidebarProps) {
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
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span aria-hidden="true">{open ? '«' : '»'}</span>
        <span className="admin-sidebar__tip">{open ? 'Collapse menu' : 'Expand menu'}</span>
      </button>
      <MenuEntries
        active={active}
        onChoose={(choice) => {
          setOpen(false);
          onChoose(choice);
        }}
      />
    </nav>
  );
}

function DrawerMenu({ active, onChoose }: SidebarProps) {
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const current = MENU.find((entry) => entry.id === active)?.label;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) menuButton.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    // The page behind the drawer is out of reach (keyboard and screen readers) until the drawer closes.
    const page = document.getElementById('main');
    page?.setAttribute('inert', '');
    drawer.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      page?.removeAttribute('inert');
    };
  }, [open]);

  return (
    <>
      <div className="admin-topbar">
        <button
          ref={menuButton}
          type="button"
          className="admin-topbar__menu"
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen(true)}
        >
          <span aria-hidden="true">☰</span> Menu
        </button>
        <span className="admin-topbar__current">{current}</span>
      </div>
      {open && (
        <div
          className="admin-drawer-backdrop"
          aria-hidden="true"
          onClick={() => close(true)}
          data-testid="admin-backdrop"
        />
      )}
      <nav
        ref={drawer}
        id={drawerId}
        className="admin-sidebar admin-sidebar--drawer"
        aria-label="Admin menu"
        data-testid="admin-sidebar"
        hidden={!open}
      >
        <button type="button" className="admin-drawer__close" aria-label="Close menu" onClick={() => close(true)}>
          ×
        </button>
        <MenuEntries
          active={active}
          onChoose={(choice) => {
            close(false);
            onChoose(choice);
          }}
        />
      </nav>
    </>
  );
}

function MenuEntries({ active, onChoose }: SidebarProps) {
  return (
    <ul>
      {MENU.map((entry) => (
        <li key={entry.id}>
          <button
            type="button"
            className="admin-sidebar__entry"
            aria-current={entry.id === active ? 'page' : undefined}
            onClick={() => onChoose(entry.id)}
          >
            <span aria-hidden="true" className="admin-sidebar__icon">
              {entry.icon}
            </span>
            <span className="admin-sidebar__label">{entry.label}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
