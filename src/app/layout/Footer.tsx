import { Link } from '@tanstack/react-router';
import { ExternalLink } from '../../lib/ui/ExternalLink';
import { socialLinks } from '../../lib/links';
import { Logo } from './Logo';
import { footerExternalLinks, footerSiteSections } from './navigation';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          <p>AI hiring tools for recruiters and a free GATE score and rank checker for candidates.</p>
          <ul className="footer__social" aria-label="HireGate on social media">
            {socialLinks.map((link) => (
              <li key={link.name}>
                <ExternalLink href={link.href}>{link.name}</ExternalLink>
              </li>
            ))}
          </ul>
        </div>
        {footerSiteSections.map((section) => (
          <nav key={section.title} className="footer__section" aria-label={section.title}>
            <h2 className="footer__heading">{section.title}</h2>
            <ul>
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav className="footer__section" aria-label="Useful links">
          <h2 className="footer__heading">Useful links</h2>
          <ul>
            {footerExternalLinks.map((link) => (
              <li key={link.label}>
                <ExternalLink href={link.href}>{link.label}</ExternalLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="footer__copyright">© {new Date().getFullYear()} HireGate Technologies. All rights reserved.</p>
    </footer>
  );
}
