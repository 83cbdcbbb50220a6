import { testPaperFromCode } from '../../domain/gate';

/**
 * One name for a paper on every admin screen, 'GATE 2026 DA' or 'GATE 2026 CS 1', whichever form the server gave:
 * a paper set ('DA 2026', 'CS 1 2026'), the engine's paper name ('GATE 2026 CS1') or a result's set ('CS 1', no
 * year). Anything else (a sheet that did not say its paper) is shown as it is.
 */
export function paperDisplayName(text: string): string {
  const trimmed = text.trim();
  const paperSet = /^([A-Z]{2}\s*\d?)(?:\s+(\d{4}))?$/i.exec(trimmed);
  const engineName = /^GATE\s+(\d{4})\s+([A-Z]{2}\s*\d?)$/i.exec(trimmed);
  const [code, year] = paperSet ? [paperSet[1], paperSet[2]] : engineName ? [engineName[2], engineName[1]] : [];
  const testPaper = code ? testPaperFromCode(code) : null;
  if (!testPaper) return trimmed;
  return ['GATE', year, testPaper].filter(Boolean).join(' ');
}
