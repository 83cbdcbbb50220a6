/**
 * Every external address of the site, in one place, so a change of host is one edit. Components import from here;
 * none writes a URL of its own. The company's phone, inboxes and address are in contact-details.ts.
 */
export const externalLinks = {
  gateExam: 'https://gate2025.iitr.ac.in/',
  aboutUs: 'https://about.hiregate.example/',
  communityChat: 'https://chat.whatsapp.com/hiregate-community',
  contactUs: 'https://about.hiregate.example/contact',
  termsOfUse: 'https://about.hiregate.example/terms-of-use',
  privacyPolicy: 'https://about.hiregate.example/privacy-policy',
  careersApplicationForm: 'https://forms.gle/hiregate-careers-application',
  store: 'https://store.hiregate.example/',
} as const;

export const socialLinks = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/hiregate' },
  { name: 'X (Twitter)', href: 'https://x.com/hiregate' },
  { name: 'Facebook', href: 'https://www.facebook.com/hiregate' },
  { name: 'Instagram', href: 'https://www.instagram.com/hiregate' },
  { name: 'YouTube', href: 'https://www.youtube.com/@hiregate' },
] as const;

/**
 * The home page's address that opens the GATE checker's dialog at once (`/?check=now`): the advertisement's 'Check my
 * score' and the scorecard page's messages lead there, and a campaign can link to it.
 */
export const CHECK_NOW_SEARCH = { check: 'now' } as const;

/** Whether a query string ('?check=now') asks for the checker. */
export const asksToCheckNow = (search: string) => new URLSearchParams(search).get('check') === CHECK_NOW_SEARCH.check;
