import { describe, expect, it } from 'vitest';
import { canonicalSheetLink } from './sheet-link';

const PORTAL = ['cdn.digialm.com'];
const LINK = 'https://cdn.digialm.com/per/g01/pub/585/x/CS26S42101001_GATE.html';

/** One sheet, one spelling: verifications, the sheet cache and the fetch itself all take the link in this form. */
describe('canonicalSheetLink', () => {
  it.each([
    ['the host in capitals', 'https://CDN.DigiAlm.com/per/g01/pub/585/x/CS26S42101001_GATE.html'],
    ['doubled slashes', 'https://cdn.digialm.com//per/g01//pub/585/x/CS26S42101001_GATE.html'],
    ['the default port', 'https://cdn.digialm.com:443/per/g01/pub/585/x/CS26S42101001_GATE.html'],
    ['a query and a fragment on the portal', `${LINK}?dup=1#again`],
    ['spaces around it', `  ${LINK} `],
  ])('reads %s as the same sheet', (_what, spelling) => {
    expect(canonicalSheetLink(spelling, PORTAL)).toBe(LINK);
  });

  it("keeps the path's letter case, and the query of a host that is not the portal's", () => {
    expect(canonicalSheetLink(LINK.replace('GATE', 'gate'), PORTAL)).not.toBe(LINK);
    expect(canonicalSheetLink('https://example.org/a.html?x=1', PORTAL)).toBe('https://example.org/a.html?x=1');
  });

  it('returns what is not a URL trimmed, for the caller to refuse', () => {
    expect(canonicalSheetLink(' my sheet ', PORTAL)).toBe('my sheet');
  });
});
