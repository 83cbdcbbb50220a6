import { GateError } from '../gate-error';
import type { ParsedSheet } from '../types';
import { PAPER_CODES, cataloguePaper, layoutOf, type YearLayout } from './catalogue';

/** Which catalogue paper and year a sheet is: its code, its year (null when the sheet does not say) and the layout. */
export interface SheetCatalogueEntry {
  code: string;
  year: number | null;
  /** The sections the catalogue holds for the paper and year (or the nearest year's); undefined when none. */
  layout?: YearLayout;
}

const KNOWN = new Set(PAPER_CODES);

/**
 * The paper a sheet is for, read where the sheet says it: the candidate id's code (GE25S6…), else a known code
 * standing alone at the start of the Subject line ('GE Geomatics Engineering', 'CS2 COMPUTER …') or in its brackets
 * ('… (CS1)'), else the code the subject images share (`gea`, `geb1`). Null when the sheet names none. A candidate id naming a paper GATE does not hold is
 * refused: its sheet cannot be scored against any paper.
 */
export function catalogueEntryOfSheet(sheet: ParsedSheet): SheetCatalogueEntry | null {
  const code = codeOfSheet(sheet);
  if (code === null) return null;
  const year = yearOfSheet(sheet);
  const layout = year === null ? undefined : layoutOf(code, year);
  return { code, year, ...(layout ? { layout } : {}) };
}

function codeOfSheet(sheet: ParsedSheet): string | null {
  const fromId = sheet.candidate.paperCode;
  if (fromId) {
    if (!cataloguePaper(fromId)) {
      throw new GateError(
        'UNKNOWN_PAPER',
        `This response sheet is for paper ${fromId} (candidate id ${sheet.candidate.id}), which is not a GATE paper. GATE's papers are ${PAPER_CODES.join(', ')}.`,
      );
    }
    return fromId;
  }
  const subject = sheet.candidate.subject.trim().toUpperCase();
  const token = /^\(?([A-Z]{2})\d?\b/.exec(subject)?.[1] ?? /\(([A-Z]{2})\s?\d?\)\s*$/.exec(subject)?.[1];
  if (token && KNOWN.has(token)) return token;
  return codeOfImages(sheet);
}

/** The paper the subject images name when they agree ('gea', 'geb1' → GE; 'cs2' → CS), else null. */
function codeOfImages(sheet: ParsedSheet): string | null {
  const codes = new Set(
    sheet.questions.filter((q) => q.sectionKind === 'subject').map((q) => q.sectionCode.slice(0, 2).toUpperCase()),
  );
  const [code] = codes;
  return codes.size === 1 && code !== undefined && KNOWN.has(code) ? code : null;
}

/** The candidate id's two-digit year (CS26S… is 2026), else the year in the test date. */
export function yearOfSheet(sheet: ParsedSheet): number | null {
  const fromId = /^[A-Z]{2,3}(\d{2})S\d/.exec(sheet.candidate.id)?.[1];
  if (fromId) return 2000 + Number(fromId);
  const fromDate = /\b(20\d{2})\b/.exec(sheet.candidate.testDate)?.[1];
  return fromDate ? Number(fromDate) : null;
}
