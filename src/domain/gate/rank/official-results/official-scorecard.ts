import type { Line, PdfTextPage } from '../../key-pdf';
import { linesOf } from '../../key-pdf';

/**
 * The official GATE scorecard PDF a candidate drops, read from its text (pdf.js, as for answer keys: readPdfTextPages).
 * A scorecard prints its result as label–value rows, the value beside its label or under it: the test paper, marks
 * out of 100 (normalised for multi-session papers), GATE score, All India Rank, the number who appeared and the
 * qualifying marks per category.
 */
export interface OfficialScorecard {
  year?: number;
  /** The paper's code as printed, e.g. 'CS'. */
  paper?: string;
  /** The registration number (enrolment id) as printed: the candidate id of the response sheet. */
  registration?: string;
  marks: number;
  score: number;
  rank: number;
  appeared?: number;
  /** General, OBC-NCL/EWS and SC/ST/PwD, as printed. */
  qualifyingMarks?: number[];
}

export type ScorecardReading = { ok: true; scorecard: OfficialScorecard } | { ok: false; message: string };

const NUMBER = /-?\d+(?:\.\d+)?/g;

const FIELDS = {
  paper: /\bTest\s+Paper\b|\bPaper\s+Name\b/i,
  marks: /\bMarks\s+out\s+of\s+100\b|\bMarks\s+Obtained\b/i,
  score: /\bGATE\s+Score\b/i,
  rank: /\bAll\s+India\s+Rank\b|\bAIR\b/i,
  appeared: /\bCandidates\s+Appeared\b/i,
  qualifyingMarks: /\bQualifying\s+Marks\b/i,
  registration: /\bRegistration\s+(?:Number|No\.?)|\bEnrol(?:l)?ment\s+ID\b/i,
} as const;
type Field = keyof typeof FIELDS;

/** The text a field's label is followed by: the rest of its line, else the next line. */
function valueOf(lines: readonly Line[], field: Field): string | undefined {
  for (const [index, line] of lines.entries()) {
    const items = line.items.map((item) => item.text);
    // The label may come as one item or several: it ends at the first item whose text up to it holds the label.
    const end = items.findIndex((_, i) => FIELDS[field].test(items.slice(0, i + 1).join(' ')));
    if (end < 0) continue;
    const rest = items.slice(end + 1).join(' ');
    if (rest.trim()) return rest;
    return lines[index + 1]?.items.map((item) => item.text).join(' ');
  }
  return undefined;
}

const numbersIn = (text: string | undefined) => (text?.match(NUMBER) ?? []).map(Number);

/** The result of an official scorecard, or which of its rows could not be read. */
export function readOfficialScorecard(pages: readonly PdfTextPage[]): ScorecardReading {
  const lines = pages.flatMap(linesOf);
  const [marks] = numbersIn(valueOf(lines, 'marks'));
  const [score] = numbersIn(valueOf(lines, 'score'));
  const [rank] = numbersIn(valueOf(lines, 'rank'));
  const missing = [
    ...(marks === undefined ? ['marks'] : []),
    ...(score === undefined ? ['GATE score'] : []),
    ...(rank === undefined || !Number.isInteger(rank) ? ['All India Rank'] : []),
  ];
  if (marks === undefined || score === undefined || rank === undefined || missing.length > 0) {
    return {
      ok: false,
      message: `This does not read as an official GATE scorecard: no ${missing.join(', ')} found. Type the result in instead.`,
    };
  }
  const text = lines.map((line) => line.items.map((item) => item.text).join(' ')).join('\n');
  const year = Number(text.match(/\bGATE\s*(20\d\d)\b/i)?.[1]) || undefined;
  const paperText = valueOf(lines, 'paper');
  const paper = paperText?.match(/\(([A-Z]{2})\)/)?.[1] ?? paperText?.match(/^\s*([A-Z]{2})\b/)?.[1];
  const registration = valueOf(lines, 'registration')
    ?.match(/\b[A-Z]{2}\d{2}[A-Z0-9]{3,}\b/i)?.[0]
    ?.toUpperCase();
  const [appeared] = numbersIn(valueOf(lines, 'appeared'));
  const qualifyingMarks = numbersIn(valueOf(lines, 'qualifyingMarks'));
  return {
    ok: true,
    scorecard: {
      ...(year ? { year } : {}),
      ...(paper ? { paper } : {}),
      ...(registration ? { registration } : {}),
      marks,
      score,
      rank,
      ...(appeared !== undefined ? { appeared } : {}),
      ...(qualifyingMarks.length > 0 ? { qualifyingMarks } : {}),
    },
  };
}
