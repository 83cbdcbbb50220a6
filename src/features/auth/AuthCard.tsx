import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  /** The spec's mode name of the screen (Admin-signup, Admin-login), kept for styling and tests. */
  mode?: string;
  children: ReactNode;
}

/** Shared frame of the account screens: a back button to the home route and a centred card. */
export function AuthCard({ title, intro, mode, children }: AuthCardProps) {
  return (
    <main className="auth" id="main" data-mode={mode}>
      <div className="auth__card">
        <Link to="/" className="auth__back">
          <span aria-hidden="true">←</span> Back to home
        </Link>
        <h1 className="auth__title">{title}</h1>
        {intro && <p className="auth__intro">{intro}</p>}
        {children}
      </div>
    </main>
  );
}
