import { useEffect, useState } from 'react';
import { useAdminSession } from './session/use-admin-session';
import { Sidebar, panelFor, type MenuChoice, type PanelId } from './Sidebar';
import { DashboardPanel } from './panels/DashboardPanel';
import { UploadPanel } from './upload/UploadPanel';
import { PapersPanel } from './papers/PapersPanel';
import { ResultsPanel } from './results/ResultsPanel';
import { OfficialResultsPanel } from './official-results/OfficialResultsPanel';
import { ScrollToTopButton } from '../../lib/ui/ScrollToTopButton';
import { ensureAnswerOutboxSync } from './outbox/outbox';
import './admin.css';

/** /admin/dashboard: the sidebar switches panels in place (no route change), behind the admin session. */
export function AdminDashboardPage() {
  const { credentials, logout } = useAdminSession();
  const [panel, setPanel] = useState<PanelId>('dashboard');

  useEffect(() => ensureAnswerOutboxSync(), []);

  if (!credentials) return <main className="admin-ended" id="main" aria-busy="true" />;

  const choose = (choice: MenuChoice) => {
    if (choice === 'logout') logout();
    else setPanel(panelFor(choice));
  };

  return (
    <div className="admin-layout">
      <Sidebar active={panel} onChoose={choose} />
      <main className="admin-main" id="main">
        {panel === 'dashboard' && <DashboardPanel credentials={credentials} />}
        {panel === 'upload' && <UploadPanel credentials={credentials} />}
        {panel === 'papers' && <PapersPanel credentials={credentials} />}
        {panel === 'results' && <ResultsPanel credentials={credentials} />}
        {panel === 'official-results' && <OfficialResultsPanel credentials={credentials} />}
      </main>
      <ScrollToTopButton>↑</ScrollToTopButton>
    </div>
  );
}
