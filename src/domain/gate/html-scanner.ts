/**
 * A small forward-only tag scanner. A response sheet is read once, front to back, and only a few of its tags matter,
 * so this hops from '<' to '>' with indexOf instead of building a tree: it skips the work a general parser does on
 * the tags that do not matter (`npm run bench:engine` prints the comparison with a DOM extraction) and never
 * allocates a DOM. The same code runs on the server, in the page and in the service worker.
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
  return isLetter(code) || isDigit(code) || code === 45;
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
  while ((end = RAW_TEXT_END.exec(html)) !== null && end[1]?.toLowerCase() !== name);
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
    const end = html.indexOf(html.charAt(at - 1), at);
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

const PLAIN_ATTRIBUTE_PREFIXES: Record<string, string> = { src: ' src="', name: ' name="', class: ' class="' };

/** Reads one attribute; `wanted` is lowercase. The common `name="value"` form is found without walking the tag. */
export function readAttribute(attributes: string, wanted: string): string | undefined {
  if (attributes.length <= wanted.length) return undefined;
  const plain = attributes.indexOf(PLAIN_ATTRIBUTE_PREFIXES[wanted] ?? ` ${wanted}="`);
  if (plain >= 0) {
    const valueStart = plain + wanted.length + 3;
    const valueEnd = attributes.indexOf('"', valueStart);
    if (valueEnd >= 0) return decodeEntities(attributes.slice(valueStart, valueEnd));
  }
  const value = findAttribute(attributes, wanted);
  return value === undefined ? undefined : decodeEntities(value);
}

const EQUALS = 61;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const GREATER_THAN = 62;

/**
 * Finds the first `name = "value"` / `'value'` / `value` pair whose name is `wanted`, in one pass. It reads exactly
 * what the pattern `([a-zA-Z_:][-\w:.]*)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)` would, but a pattern retried at every
 * position of a long attribute backtracks over the rest of the tag each time: an 80 KB tag took 15 s.
 */
function findAttribute(attributes: string, wanted: string): string | undefined {
  const length = attributes.length;
  // A quote without a partner has none from there on: remembering where one was missed keeps every search single.
  let noDoubleQuoteAfter = length;
  let noSingleQuoteAfter = length;
  let at = 0;
  while (at < length) {
    if (!isAttributeNameStart(attributes.charCodeAt(at))) {
      at++;
      continue;
    }
    const nameStart = at;
    while (at < length && isAttributeNamePart(attributes.charCodeAt(at))) at++;
    const nameEnd = at;
    let cursor = skipWhitespace(attributes, nameEnd);
    if (attributes.charCodeAt(cursor) !== EQUALS) continue;
    cursor = skipWhitespace(attributes, cursor + 1);
    const quote = attributes.charCodeAt(cursor);
    let valueStart = cursor;
    let valueEnd: number;
    if (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE) {
      valueStart = cursor + 1;
      const searchable = quote === DOUBLE_QUOTE ? cursor < noDoubleQuoteAfter : cursor < noSingleQuoteAfter;
      valueEnd = searchable ? attributes.indexOf(attributes.charAt(cursor), valueStart) : -1;
      if (valueEnd < 0) {
        if (quote === DOUBLE_QUOTE) noDoubleQuoteAfter = cursor;
        else noSingleQuoteAfter = cursor;
        // No value here: the walk goes on inside the unclosed quote, as the pattern would.
        at = cursor + 1;
        continue;
      }
      at = valueEnd + 1;
    } else {
      valueEnd = cursor;
      while (valueEnd < length && isUnquotedValuePart(attributes.charCodeAt(valueEnd))) valueEnd++;
      at = valueEnd;
      if (valueEnd === valueStart) continue;
    }
    if (nameEnd - nameStart === wanted.length && attributes.slice(nameStart, nameEnd).toLowerCase() === wanted) {
      return attributes.slice(valueStart, valueEnd);
    }
  }
  return undefined;
}

function isAttributeNameStart(code: number): boolean {
  return isLetter(code) || code === 95 /* _ */ || code === 58; /* : */
}

function isAttributeNamePart(code: number): boolean {
  return isAttributeNameStart(code) || isDigit(code) || code === 45 /* - */ || code === 46; /* . */
}

function isUnquotedValuePart(code: number): boolean {
  return code !== DOUBLE_QUOTE && code !== SINGLE_QUOTE && code !== GREATER_THAN && !isWhitespace(code);
}

const WHITESPACE = /\s/;

/** JavaScript's `\s`: ASCII spaces first, the rest of Unicode's spaces looked up only when one appears. */
export function isWhitespace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code >= 160 && WHITESPACE.test(String.fromCharCode(code));
}

function skipWhitespace(text: string, from: number): number {
  let at = from;
  while (at < text.length && isWhitespace(text.charCodeAt(at))) at++;
  return at;
}

export function hasClass(attributes: string, className: string): boolean {
  if (!attributes.includes(className)) return false;
  const classes = readAttribute(attributes, 'class');
  return classes !== undefined && classes.split(/\s+/).includes(className);
}

/** A Map, so `&constructor;` and its kin are not read off Object's prototype. */
const NAMED_ENTITIES = new Map([
  ['nbsp', ' '],
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

const HASH = 35;
const SEMICOLON = 59;

/**
 * Decodes the few entities a response sheet uses; a non-breaking space becomes a plain space. Walked by hand in one
 * pass: a 1 MB run of `&amp;` costs a tenth of what a replace callback per entity does.
 */
export function decodeEntities(text: string): string {
  let amp = text.indexOf('&');
  if (amp < 0) return text;
  let decoded = '';
  let kept = 0;
  while (amp >= 0) {
    const end = entityEnd(text, amp);
    const replacement = end < 0 ? undefined : entityText(text.slice(amp + 1, end));
    if (replacement !== undefined) {
      decoded += text.slice(kept, amp) + replacement;
      kept = end + 1;
    }
    amp = text.indexOf('&', end < 0 ? amp + 1 : end + 1);
  }
  return kept === 0 ? text : decoded + text.slice(kept);
}

/** Where the ';' of `&name;`, `&#123;` or `&#x7b;` starting at `amp` is, or -1 when no entity starts there. */
function entityEnd(text: string, amp: number): number {
  let at = amp + 1;
  let isPart = isLetter;
  if (text.charCodeAt(at) === HASH) {
    at++;
    const hex = (text.charCodeAt(at) | 0x20) === 120 /* x */ && isHexDigit(text.charCodeAt(at + 1));
    if (hex) at++;
    isPart = hex ? isHexDigit : isDigit;
  }
  const start = at;
  while (isPart(text.charCodeAt(at))) at++;
  return at > start && text.charCodeAt(at) === SEMICOLON ? at : -1;
}

function entityText(entity: string): string | undefined {
  const named = NAMED_ENTITIES.get(entity) ?? NAMED_ENTITIES.get(entity.toLowerCase());
  if (named !== undefined || entity[0] !== '#') return named;
  const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
  if (code === 160) return ' ';
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isHexDigit(code: number): boolean {
  return isDigit(code) || ((code | 0x20) >= 97 && (code | 0x20) <= 102);
}

/** Anything but single plain spaces (a run of em spaces too): these texts are collapsed before anything reads them. */
const EXTRA_WHITESPACE = /[^\S ]| {2}/;

/** Decoded text with runs of whitespace (including non-breaking spaces) collapsed and trimmed. */
export function cleanText(raw: string): string {
  const text = decodeEntities(raw).trim();
  // split + join: half the time of a replace on a page of 300,000 double spaces.
  return EXTRA_WHITESPACE.test(text) ? text.split(/\s+/).join(' ') : text;
}
