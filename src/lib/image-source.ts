/** Same-origin address of the API's portal image proxy (api/features/images). */
export const IMAGE_PROXY_PATH = '/api/images';

/**
 * What an <img> on the scorecard loads for an image address from the scorecard data. Portal images are cross-origin
 * without CORS: cached as they are, each opaque response costs ~7 MB of Chromium's storage quota, so ~300 of them
 * would exhaust it and saved scorecards would lose their images offline. Through the proxy they are ordinary
 * same-origin responses. Our own images (the demo's, relative paths) and data: URLs stay as they are.
 */
export function imageSource(address: string, pageOrigin: string): string {
  let url: URL;
  try {
    url = new URL(address, pageOrigin);
  } catch {
    return address;
  }
  const isWebAddress = url.protocol === 'http:' || url.protocol === 'https:';
  if (!isWebAddress || url.origin === pageOrigin) return address;
  return `${IMAGE_PROXY_PATH}?${new URLSearchParams({ src: url.href })}`;
}
