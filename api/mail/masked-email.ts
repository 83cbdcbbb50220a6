/**
 * 'asha.rao@example.org' → 'a…@example.org' (`shown` letters of the local part): enough for its owner to recognise,
 * little for anyone else. What logs and answers show of an address.
 */
export function maskedEmail(email: string, shown = 1): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '…';
  return `${email.slice(0, Math.min(shown, at))}…${email.slice(at)}`;
}
