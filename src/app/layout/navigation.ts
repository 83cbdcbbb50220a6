import { externalLinks } from '../../lib/links';

/** The top bar's external links, also listed in the drawer under 900 px; all open in a new tab. */
export const topBarLinks = [
  { label: 'GATE 2025', href: externalLinks.gateExam },
  { label: 'About Us', href: externalLinks.aboutUs },
  { label: 'Join community chat', href: externalLinks.communityChat },
  { label: 'Contact Us', href: externalLinks.contactUs },
] as const;

export const footerExternalLinks = [
  { label: 'About Us', href: externalLinks.aboutUs },
  { label: 'GATE 2025', href: externalLinks.gateExam },
  { label: 'Terms of use', href: externalLinks.termsOfUse },
  { label: 'Privacy Policy', href: externalLinks.privacyPolicy },
  { label: 'Contact Us', href: externalLinks.contactUs },
] as const;

/** Our own pages, grouped for the footer so every static page can be reached without typing its address. */
export const footerSiteSections = [
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Press', to: '/press' },
      { label: 'Careers', to: '/career' },
      { label: 'Sales', to: '/sales' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    title: 'Platform',
    links: [
      { label: 'Products', to: '/products' },
      { label: 'Services', to: '/services' },
      { label: 'For enterprises', to: '/solution/enterprise' },
      { label: 'For agencies', to: '/solution/recruitment-agency' },
      { label: 'For job seekers', to: '/solution/job-seeker' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Research papers', to: '/research-paper' },
      { label: 'Case studies', to: '/case-studies' },
      { label: 'Customer support', to: '/support' },
      { label: 'Disclaimer', to: '/disclaimer' },
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
    ],
  },
] as const;
