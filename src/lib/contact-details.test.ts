import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module as a build with the current settings makes it (it reads them once, as it loads). */
const built = async () => {
  vi.resetModules();
  return import('./contact-details');
};

describe('contact details', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('write to the inboxes the build is given', async () => {
    vi.stubEnv('VITE_CONTACT_PRESS_EMAIL', 'media@example.org');
    vi.stubEnv('VITE_CONTACT_SUPPORT_EMAIL', 'help@example.org');
    vi.stubEnv('VITE_CONTACT_SALES_EMAIL', 'deals@example.org');
    vi.stubEnv('VITE_CONTACT_CAREERS_EMAIL', 'jobs@example.org');
    const { contactDetails } = await built();
    expect(contactDetails).toMatchObject({
      pressEmail: 'media@example.org',
      supportEmail: 'help@example.org',
      salesEmail: 'deals@example.org',
      careersEmail: 'jobs@example.org',
    });
  });

  it("fall back to the company's own inboxes when a setting is unset or empty", async () => {
    vi.stubEnv('VITE_CONTACT_PRESS_EMAIL', '');
    const { contactDetails } = await built();
    expect(contactDetails.pressEmail).toBe('press@hiregate.example');
    expect(contactDetails.supportEmail).toBe('support@hiregate.example');
  });

  it('make a mailto: address with its subject', async () => {
    const { mailTo } = await built();
    expect(mailTo('press@hiregate.example', 'Press enquiry')).toBe(
      'mailto:press@hiregate.example?subject=Press%20enquiry',
    );
  });
});
