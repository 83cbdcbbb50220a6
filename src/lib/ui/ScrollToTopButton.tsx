import { useEffect, useState, type ReactNode } from 'react';
import './scroll-to-top.css';

const SHOW_AFTER_PX = 300;

/**
 * A scroll-to-top button once the page has scrolled more than SHOW_AFTER_PX, in a strip of the screen that the page
 * (and the footer below it) leaves free for it (scroll-to-top.css). Each screen gives it its own arrow.
 */
export function ScrollToTopButton({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // No reading on mount: scrollY forces a layout of the page still being built. A screen opens at the top, and a
    // restored scroll position arrives as a scroll event.
    const update = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  // In the page from the start, hidden until wanted: the layout keeps the button's strip free (scroll-to-top.css)
  // whether it shows or not, so nothing moves when it appears.
  return (
    <button
      type="button"
      hidden={!visible}
      className="scroll-to-top"
      aria-label="Scroll to top"
      onClick={(event) => {
        // Chromium stopped the smooth scroll short (at 240 px) when this button, focused by the click, hid at 300 px.
        event.currentTarget.blur();
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
    >
      {children}
    </button>
  );
}
