import { Outlet } from '@tanstack/react-router';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

/** Shared chrome of the public site: every marketing and static route renders inside it. */
export function SiteLayout() {
  return (
    <div className="site">
      <TopBar />
      <Outlet />
      <Footer />
    </div>
  );
}
