import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

interface ContentPageProps {
  /** Small label above the title, e.g. the section of the site. */
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** Adds the closing 'Contact us' call to /contact that most pages carry. */
  contactCall?: boolean;
}

/** The frame every static page shares: a banded header with the page title, then the page's sections. */
export function ContentPage({ eyebrow, title, lead, children, contactCall = true }: ContentPageProps) {
  return (
    <main id="main" className="content-page">
      <header className="page-hero">
        <div className="page-hero__inner">
          {eyebrow && <p className="page-hero__eyebrow">{eyebrow}</p>}
          <h1>{title}</h1>
          {lead && <p className="page-hero__lead">{lead}</p>}
        </div>
      </header>
      <div className="page">
        {children}
        {contactCall && <ContactCall />}
      </div>
    </main>
  );
}

export function ContactCall({ text = 'Questions about this page or about HireGate?' }: { text?: string }) {
  return (
    <aside className="contact-call" aria-label="Contact">
      <p>{text}</p>
      <Link to="/contact" className="button button--primary">
        Contact us
      </Link>
    </aside>
  );
}

/** A card grid item used by product, service, case-study and careers listings. */
export function Card({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <article className="card">
      <h3 className="card__title">{title}</h3>
      <div className="card__body">{children}</div>
      {footer && <div className="card__footer">{footer}</div>}
    </article>
  );
}
