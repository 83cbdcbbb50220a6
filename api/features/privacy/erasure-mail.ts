import type { Mail } from '../../mail/mailer';

/** The page a "Forget me" mail links to (/forget-me): its one parameter is the sealed token, no e-mail. */
export function erasureAddress(appOrigin: string, token: string): string {
  return `${appOrigin}/forget-me?${new URLSearchParams({ token })}`;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The confirmation a "Forget me" asks for, sent to the address it would forget. */
export function renderErasureMail(to: string, address: string): Mail {
  const lines = [
    'You asked HireGate to forget you. Open this link within 24 hours to delete your results, score alerts and',
    'official results, and to sign out every device that verified this address:',
  ];
  return {
    to,
    subject: 'Confirm: delete your HireGate data',
    text: [...lines, '', address, '', 'If you did not ask for this, ignore this e-mail: nothing is deleted.'].join(
      '\n',
    ),
    html:
      `<p>${lines.join(' ')}</p>` +
      `<p><a href="${escapeAttribute(address)}">Delete my data</a></p>` +
      `<p>If you did not ask for this, ignore this e-mail: nothing is deleted.</p>`,
  };
}
