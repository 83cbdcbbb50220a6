/**
 * The company's public contact details, shown on Contact, Support, Careers, Sales, Press and the Disclaimer. The
 * inboxes are build-time settings (`VITE_CONTACT_*_EMAIL`, read by `vite build`: docs/configuration.md), each with a
 * default; the Contact page's buttons write to them.
 */
export const contactDetails = {
  supportPhone: '+91 80 4718 2290',
  supportEmail: import.meta.env.VITE_CONTACT_SUPPORT_EMAIL || 'support@hiregate.example',
  pressEmail: import.meta.env.VITE_CONTACT_PRESS_EMAIL || 'press@hiregate.example',
  careersEmail: import.meta.env.VITE_CONTACT_CAREERS_EMAIL || 'careers@hiregate.example',
  salesEmail: import.meta.env.VITE_CONTACT_SALES_EMAIL || 'sales@hiregate.example',
  address: { street: '4th Floor, Prestige Tech Park, Outer Ring Road', city: 'Bengaluru', country: 'India' },
} as const;

/** A `mailto:` address that opens the visitor's mail program with the subject filled in. */
export const mailTo = (address: string, subject: string) => `mailto:${address}?subject=${encodeURIComponent(subject)}`;
