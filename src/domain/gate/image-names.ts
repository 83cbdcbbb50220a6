import type { SectionKind } from './types';

/**
 * The master identity of a question or option image, read from its file name (spec of the sheet format):
 * 2026 `…_cs1q12q.png` / `…_cs1q12b.png` (optional `v<n>` before the extension), 2025 `…_da2q47.jpg` /
 * `…_da2q47a.jpg`, 2021 `…_cs3q12.png` / `…_ga1q4.png`. `q<N>` is the master number within the section's numbering.
 */
export interface ImageIdentity {
  sectionKind: SectionKind;
  /** The section code as written, e.g. 'cs1', 'ga2', 'da'. */
  code: string;
  number: number;
  /** MASTER option letter (uppercase), or null for a question stem. */
  optionLetter: string | null;
  /** True for a 2026-style stem, whose name ends in 'q' (`cs1q12q.png`); 2021-2025 stems end in the number. */
  stemMarked: boolean;
}

/** The file name from an img tag: its `name`, else the last path segment of `src` (without a query). */
export function imageFileName(name: string | undefined, src: string | undefined): string {
  if (name && name.trim()) return name.trim();
  const url = src ?? '';
  const pathEnd = Math.min(endBefore(url, '?'), endBefore(url, '#'));
  return url.slice(url.lastIndexOf('/', pathEnd - 1) + 1, pathEnd);
}

/** Where `marker` starts, or the end of `text`: found with indexOf, which costs a tenth of a split per image. */
function endBefore(text: string, marker: string): number {
  const at = text.indexOf(marker);
  return at < 0 ? text.length : at;
}

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg']);

const isDigit = (code: number) => code >= 48 && code <= 57;
const isLowerLetter = (code: number) => code >= 97 && code <= 122;

/**
 * Reads `<letters><digits>q<number>[a-d|q][v<n>].<ext>` from the end of the name, after the portal's numeric prefix
 * (`585_142276_0_27112816_`). Walked by hand: it runs for every image of every sheet, and is several times cheaper
 * than the equivalent regular expression.
 */
export function decodeImageName(fileName: string): ImageIdentity | null {
  const part = fileName.slice(fileName.lastIndexOf('_') + 1).toLowerCase();
  const dot = part.lastIndexOf('.');
  if (dot < 0 || !IMAGE_EXTENSIONS.has(part.slice(dot + 1))) return null;
  let end = dot;
  let at = end;
  while (at > 0 && isDigit(part.charCodeAt(at - 1))) at--;
  if (at < end && at > 0 && part[at - 1] === 'v') end = at - 1;
  const last = part.charAt(end - 1);
  const optionLetter = last >= 'a' && last <= 'd' ? last.toUpperCase() : null;
  const stemMarked = last === 'q';
  if (optionLetter !== null || stemMarked) end--;
  const numberEnd = end;
  while (end > 0 && isDigit(part.charCodeAt(end - 1))) end--;
  if (end === numberEnd || part[end - 1] !== 'q') return null;
  const number = Number(part.slice(end, numberEnd));
  const codeEnd = end - 1;
  let codeStart = codeEnd;
  while (codeStart > 0 && isDigit(part.charCodeAt(codeStart - 1))) codeStart--;
  const lettersEnd = codeStart;
  while (codeStart > 0 && isLowerLetter(part.charCodeAt(codeStart - 1))) codeStart--;
  if (codeStart !== 0 || codeStart === lettersEnd) return null;
  const letters = part.slice(0, lettersEnd);
  return {
    sectionKind: letters === 'ga' ? 'GA' : 'subject',
    code: part.slice(0, codeEnd),
    number,
    optionLetter,
    stemMarked,
  };
}
