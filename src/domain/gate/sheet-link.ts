/**
 * A response-sheet link as it is compared (verifications, the sheet cache, a result's link): scheme and host in lower
 * case, the default port dropped, runs of slashes in the path collapsed, and on the portal's hosts the query and the
 * fragment dropped, since the portal serves the same page whatever they say. So `…html?dup=1`, `…html#again` and a
 * doubled slash name one sheet. A link that is not a URL is returned trimmed, for the caller's own refusal.
 *
 * @param portalHosts the hosts (`host` or `host:port`) whose pages ignore the query, as RESPONSE_SHEET_HOSTS lists them
 */
export function canonicalSheetLink(link: string, portalHosts: readonly string[]): string {
  const trimmed = link.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return trimmed;
  }
  url.pathname = url.pathname.replace(/\/{2,}/g, '/');
  const onPortal = portalHosts.some((host) => host.toLowerCase() === url.host || host.toLowerCase() === url.hostname);
  if (onPortal) {
    url.search = '';
    url.hash = '';
  }
  return url.href;
}
