/**
 * Opens a same-site address in a new tab. A browser may block a tab opened after an awaited request (the
 * click's activation has expired); then the address opens here instead, so the candidate still sees the scorecard.
 */
export function openInNewTab(address: string): void {
  const tab = window.open(address, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(address);
}
