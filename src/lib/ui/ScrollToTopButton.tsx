import { useEffect, useState, type ReactNode } from 'react';

const SHOW_AFTER_PX = 300;

/**
 * A scroll-to-top button once the page has scrolled more than SHOW_AFTER_PX. Each screen styles it with its own
 * class and gives it its own arrow.
 */
export function ScrollToTopButton({ className, children }: { className: string; children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // No reading on mount: scrollY forces a layout of the page still being built. A screen opens at the top, and a
    // restored scroll position arrives as a scroll event.
    const update = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={className}
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      {children}
    </button>
  );
}
