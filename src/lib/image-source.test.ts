import { describe, expect, it } from 'vitest';
import { imageSource } from './image-source';

const PAGE = 'https://hiregate.example';
const PORTAL_IMAGE =
  'https://cdn.digialm.com//per/g01/pub/585/touchstone/AssessmentQPHTMLMode1//GATE2565/images/q1.png';

describe('imageSource', () => {
  it('sends a portal image through the same-origin proxy, its address encoded whole', () => {
    const source = imageSource(PORTAL_IMAGE, PAGE);
    expect(source).toBe(`/api/images?src=${encodeURIComponent(PORTAL_IMAGE)}`);
    expect(new URL(source, PAGE).searchParams.get('src')).toBe(PORTAL_IMAGE);
  });

  it('keeps a query string of the image inside src', () => {
    const source = imageSource('http://127.0.0.1:4599/q.png?v=2&x=1', PAGE);
    expect(new URL(source, PAGE).searchParams.get('src')).toBe('http://127.0.0.1:4599/q.png?v=2&x=1');
  });

  it('treats another port or scheme of our host as another origin', () => {
    expect(imageSource('http://hiregate.example/q.png', PAGE)).toMatch(/^\/api\/images\?src=/);
    expect(imageSource('https://hiregate.example:8443/q.png', PAGE)).toMatch(/^\/api\/images\?src=/);
  });

  it('resolves a protocol-relative address against the page', () => {
    const source = imageSource('//cdn.digialm.com/q.png', PAGE);
    expect(new URL(source, PAGE).searchParams.get('src')).toBe('https://cdn.digialm.com/q.png');
  });

  it.each([
    ['an image of our own origin', `${PAGE}/demo/images/ga-1.svg`],
    ['a relative path', '/demo/images/ga-1.svg'],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a blob: URL', `blob:${PAGE}/5d4c-11`],
    ['an empty address', ''],
  ])('leaves %s unchanged', (_what, address) => {
    expect(imageSource(address, PAGE)).toBe(address);
  });
});
