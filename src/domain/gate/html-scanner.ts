/**
 * A small forward-only tag scanner. A response sheet is read once, front to back, and only a few of its tags matter,
 * so this hops from '<' to '>' with indexOf instead of building a tree: it is several times faster than a general
 * parser (htmlparser2 takes ~3 ms on a 2025 sheet, this engine parses and scores it in about a third of that) and
 * never allocates a DOM. The same code runs on the server, in the page and in the service worker.
 */

/**
 * Callbacks of `scanTags`. Positions point into the scanned string, so a visitor slices only what it needs: most of
 * a sheet's tags and text are never looked at.
 */
export interface TagVisitor {
  /** `name` is lowercase; the attributes are the raw text between `attributesStart` and `attributesEnd`. */
  open(name: string, attributesStart: number, attributesEnd: number): void;
  close(name: string): void;
  /** Text between two tags, entities not yet decoded. */
  text(start: number, end: number): void;
}

const SLASH = 47;
const BANG = 33;

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/** Tag names are a few characters long: walking them is cheaper than searching for the next space. */
function tagNameEnd(html: string, nameStart: number, tagEnd: number): number {
  let end = nameStart + 1;
  while (end < tagEnd && isNameChar(html.charCodeAt(end))) end++;
  return end;
}

function isNameChar(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57) || code === 45;
}

/** The tags a sheet is made of are matched in place, so most tags allocate no name string. */
function tagName(html: string, start: number, end: number): string {
  const first = html.charCodeAt(start);
  switch (end - start) {
    case 2:
      if (first === 116 /* t */) {
        const second = html.charCodeAt(start + 1);
        if (second === 100) return 'td';
        if (second === 114) return 'tr';
        if (second === 104) return 'th';
      }
      break;
    case 3:
      if (html.startsWith('div', start)) return 'div';
      if (html.startsWith('img', start)) return 'img';
      break;
    case 4:
      if (html.startsWith('span', start)) return 'span';
      break;
    case 5:
      if (html.startsWith('table', start)) return 'table';
      if (html.startsWith('tbody', start)) return 'tbody';
      break;
  }
  return html.slice(start, end).toLowerCase();
}

function isRawTextElement(name: string): boolean {
  return name === 'style' || name === 'script' || name === 'textarea';
}

export function scanTags(html: string, visitor: TagVisitor): void {
  let textStart = 0;
  let at = html.indexOf('<');
  while (at >= 0) {
    const next = html.charCodeAt(at + 1);
    if (next === BANG) {
      if (at > textStart) visitor.text(textStart, at);
      const isComment = html.startsWith('<!--', at);
      const end = isComment ? html.indexOf('-->', at + 4) : html.indexOf('>', at);
      textStart = end < 0 ? html.length : end + (isComment ? 3 : 1);
      at = html.indexOf('<', textStart);
      continue;
    }
    const closing = next === SLASH;
    const nameStart = closing ? at + 2 : at + 1;
    if (!isLetter(html.charCodeAt(nameStart))) {
      at = html.indexOf('<', at + 1);
      continue;
    }
    const tagEnd = html.indexOf('>', nameStart);
    if (tagEnd < 0) break;
    if (at > textStart) visitor.text(textStart, at);
    const nameEnd = tagNameEnd(html, nameStart, tagEnd);
    const name = tagName(html, nameStart, nameEnd);
    textStart = tagEnd + 1;
    if (closing) {
      visitor.close(name);
    } else {
      visitor.open(name, nameEnd, tagEnd);
      if (isRawTextElement(name)) textStart = skipRawText(html, name, textStart);
    }
    at = html.indexOf('<', textStart);
  }
  if (textStart < html.length) visitor.text(textStart, html.length);
}

const RAW_TEXT_END = /<\/(script|style|textarea)/gi;

/** Where the closing tag of a raw-text element starts (so the scanner sees it), or the end of the page. */
function skipRawText(html: string, name: string, from: number): number {
  RAW_TEXT_END.lastIndex = from;
  let end: RegExpExecArray | null;
  while ((end = RAW_TEXT_END.exec(html)) !== null && end[1].toLowerCase() !== name);
  return end === null ? html.length : end.index;
}

/**
 * Removes inline `data:` URIs (the candidate photo is ~250 KB of base64) before anything else reads the page, so the
 * scanner never walks them and nothing downstream can keep the photo by accident.
 */
export function stripDataUris(html: string): string {
  const parts: string[] = [];
  let kept = 0;
  let at = nextDataUri(html, 0);
  while (at >= 0) {
    const end = html.indexOf(html[at - 1], at);
    if (end < 0) break;
    parts.push(html.slice(kept, at));
    kept = end;
    at = nextDataUri(html, end);
  }
  if (kept === 0) return html;
  parts.push(html.slice(kept));
  return parts.join('');
}

/**
 * Where the next quoted `data:` value starts, or -1. It looks for ':' (rare in a sheet) and checks the word before
 * it, which is about twice as fast as searching for 'data:' on these pages.
 */
function nextDataUri(html: string, from: number): number {
  let colon = html.indexOf(':', from);
  while (colon >= 0) {
    const start = colon - 4;
    const quote = html.charCodeAt(start - 1);
    if ((quote === 34 || quote === 39) && html.startsWith('data', start)) return start;
    colon = html.indexOf(':', colon + 1);
  }
  return -1;
}

const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;

const PLAIN_ATTRIBUTE_PREFIXES: Record<string, string> = { src: ' src="', name: ' name="', class: ' class="' };

/** Reads one attribute; `wanted` is lowercase. The common `name="value"` form is found without a regular expression. */
export function readAttribute(attributes: string, wanted: string): string | undefined {
  const plain = attributes.indexOf(PLAIN_ATTRIBUTE_PREFIXES[wanted] ?? ` ${wanted}="`);
  if (plain >= 0) {
    const valueStart = plain + wanted.length + 3;
    const valueEnd = attributes.indexOf('"', valueStart);
    if (valueEnd >= 0) return decodeEntities(attributes.slice(valueStart, valueEnd));
  }
  ATTRIBUTE.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = ATTRIBUTE.exec(attributes)) !== null) {
    if (match[1].toLowerCase() === wanted) return decodeEntities(match[2] ?? match[3] ?? match[4]);
  }
  return undefined;
}

export function hasClass(attributes: string, className: string): boolean {
  if (!attributes.includes(className)) return false;
  const classes = readAttribute(attributes, 'class');
  return classes !== undefined && classes.split(/\s+/).includes(className);
}

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
};

const ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z]+);/gi;

/** Decodes the few entities a response sheet uses; a non-breaking space becomes a plain space. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, entity: string) => {
    const named = NAMED_ENTITIES[entity.toLowerCase()];
    if (named !== undefined) return named;
    if (entity[0] !== '#') return whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    if (code === 160) return ' ';
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const EXTRA_WHITESPACE = /[\t\n\r\u00a0]| {2}/;

/** Decoded text with runs of whitespace (including non-breaking spaces) collapsed and trimmed. */
export function cleanText(raw: string): string {
  const text = decodeEntities(raw).trim();
  return EXTRA_WHITESPACE.test(text) ? text.replace(/[\s\u00a0]+/g, ' ') : text;
}
