import { RANK_DATA } from '../rank/published-data/data';
import {
  canNormalise,
  normaliseMarks,
  sessionStatistics,
  type NormalisationMethod,
} from '../rank/gate-score/normalisation';
import {
  categoryQualifyingMarks,
  gateScore,
  qualifyingStatus,
  type Category,
  type CategoryStatus,
  type ScoreFormula,
} from '../rank/gate-score/gate-score';
import { sortedMarks } from '../rank/crowd/sorted-marks';
import { CATALOGUE, cataloguePaper, paperYear, type Catalogue, type ResultFacts } from './catalogue';
import { namedSources } from './source-names';

/**
 * What a GATE score needs for any paper and year, each value saying where it comes from: 'published' (the organising
 * institute's figure), 'derived' (from published figures: category marks by GATE's rule, the top-0.1% mean from a
 * published marks–score pair) or 'estimated' (another year's figure of the same paper). Absent when nothing is known.
 */
export type Provenance = 'published' | 'derived' | 'estimated';

export interface ScoreInput {
  value: number;
  kind: Provenance;
  /** Ids of the catalogue's sources, or how the value was derived or estimated (namedSources words it for readers). */
  source: string;
}

export interface PaperScoreInputs {
  /** The paper as ranked: CS, GG1, XH-C3. */
  paper: string;
  year: number;
  qualifyingMarks: Record<Category, ScoreInput> | null;
  topMean: ScoreInput | null;
  appeared: ScoreInput | null;
  qualified: ScoreInput | null;
  /** One sentence per input that is not published, for the scorecard: its sources by name, never by id. */
  notes: string[];
}

/** The catalogue entry code of a ranked paper: GG1 and GG2 are GG's, XH-C3 is XH's. */
export const catalogueCodeOf = (ranked: string) => (/^GG[12]$/.test(ranked) ? 'GG' : ranked.split('-')[0]!);

function factsOf(ranked: string, year: number, catalogue: Catalogue): ResultFacts | undefined {
  return paperYear(catalogueCodeOf(ranked), year, catalogue)?.results?.[ranked];
}

/** The years of a ranked paper with facts, nearest to `year` first (earlier before later at equal distance). */
function otherYears(ranked: string, year: number, catalogue: Catalogue): number[] {
  const years = Object.keys(cataloguePaper(catalogueCodeOf(ranked), catalogue)?.years ?? {}).map(Number);
  return years.filter((other) => other !== year).sort((a, b) => Math.abs(a - year) - Math.abs(b - year) || a - b);
}

const published = (value: number, source: string): ScoreInput => ({ value, kind: 'published', source });

export function paperScoreInputs(ranked: string, year: number, catalogue: Catalogue = CATALOGUE): PaperScoreInputs {
  const facts = factsOf(ranked, year, catalogue) ?? {};
  const notes: string[] = [];
  const general = qualifyingGeneral(ranked, year, facts, catalogue);
  if (general && general.kind !== 'published')
    notes.push(`${year}'s qualifying mark is not published: ${namedSources(general.source)}.`);
  const qualifyingMarks = general && categoriesOf(general, facts);
  const topMean = general ? topMeanOf(ranked, year, facts, general, catalogue) : null;
  if (topMean && topMean.kind !== 'published')
    notes.push(`The top-0.1% mean is ${topMean.kind}: ${namedSources(topMean.source)}.`);
  if (!general) notes.push(`No qualifying mark of ${ranked} is known for ${year} or any other year.`);
  else if (!topMean) notes.push(`No top-0.1% mean of ${ranked} is known: the GATE score cannot be computed.`);
  return {
    paper: ranked,
    year,
    qualifyingMarks,
    topMean,
    appeared: facts.appeared ? published(facts.appeared.value, facts.appeared.source) : null,
    qualified: facts.qualified ? published(facts.qualified.value, facts.qualified.source) : null,
    notes,
  };
}

function qualifyingGeneral(ranked: string, year: number, facts: ResultFacts, catalogue: Catalogue): ScoreInput | null {
  if (facts.qualifyingMarks) return published(facts.qualifyingMarks.general, facts.qualifyingMarks.source);
  for (const other of otherYears(ranked, year, catalogue)) {
    const marks = factsOf(ranked, other, catalogue)?.qualifyingMarks;
    if (marks) {
      return {
        value: marks.general,
        kind: 'estimated',
        source: `${ranked}'s ${other} qualifying mark (${marks.source})`,
      };
    }
  }
  return null;
}

/** OBC-NCL/EWS and SC/ST/PwD: published where they are, else GATE's rule applied to the general mark. */
function categoriesOf(general: ScoreInput, facts: ResultFacts): Record<Category, ScoreInput> {
  const byRule = categoryQualifyingMarks(general.value);
  const rule = (category: Category): ScoreInput => {
    const value =
      general.kind === 'published' ? facts.qualifyingMarks?.[category as 'obcNclEws' | 'scStPwd'] : undefined;
    if (value !== undefined) return published(value, facts.qualifyingMarks!.source);
    return {
      value: byRule[category],
      kind: general.kind === 'published' ? 'derived' : 'estimated',
      source: `GATE's rule on the general mark ${general.value}: ${category === 'obcNclEws' ? '90%' : 'two thirds'}, truncated to one decimal`,
    };
  };
  return { general, obcNclEws: rule('obcNclEws'), scStPwd: rule('scStPwd') };
}

/**
 * Published; else derived from the year's published marks–score pairs below the cap (S = Sq + (St − Sq)(M − Mq)/(M̄t − Mq)
 * solved for M̄t, averaged); else another year's published or derived value, as an estimate.
 */
function topMeanOf(
  ranked: string,
  year: number,
  facts: ResultFacts,
  qualifying: ScoreInput,
  catalogue: Catalogue,
): ScoreInput | null {
  const own = publishedOrDerivedTopMean(facts, qualifying);
  if (own) return own;
  for (const other of otherYears(ranked, year, catalogue)) {
    const otherFacts = factsOf(ranked, other, catalogue) ?? {};
    const general = otherFacts.qualifyingMarks;
    const found = publishedOrDerivedTopMean(
      otherFacts,
      general ? published(general.general, general.source) : qualifying,
    );
    if (found)
      return {
        value: found.value,
        kind: 'estimated',
        source: `${ranked}'s ${other} value, ${found.kind} (${found.source})`,
      };
  }
  return null;
}

function publishedOrDerivedTopMean(facts: ResultFacts, qualifying: ScoreInput): ScoreInput | null {
  if (facts.topMean) return published(facts.topMean.value, facts.topMean.source);
  const { Sq, St, cap } = RANK_DATA.scoreFormula;
  const pairs = (facts.scorePairs ?? []).filter(
    (pair) => pair.score < cap && pair.score > Sq && pair.marks > qualifying.value,
  );
  if (pairs.length === 0 || qualifying.kind !== 'published') return null;
  const derived = pairs.map(
    (pair) => qualifying.value + ((St - Sq) * (pair.marks - qualifying.value)) / (pair.score - Sq),
  );
  return {
    value: Math.round((derived.reduce((sum, value) => sum + value, 0) / derived.length) * 100) / 100,
    kind: 'derived',
    source: `from ${pairs.length} published marks–score pair${pairs.length > 1 ? 's' : ''} (${[...new Set(pairs.map((pair) => pair.source))].join(', ')})`,
  };
}

export interface PaperScore {
  /** The GATE score, or null when an input is missing (`inputs.notes` says which). */
  score: number | null;
  /** The least certain of the inputs the score used. */
  kind: Provenance | null;
  qualifying: Record<Category, CategoryStatus> | null;
  inputs: PaperScoreInputs;
}

const ORDER: readonly Provenance[] = ['published', 'derived', 'estimated'];

/** The GATE score and qualifying status by category of (normalised) marks on a paper in a year. */
export function paperScore(
  marks: number,
  ranked: string,
  year: number,
  catalogue: Catalogue = CATALOGUE,
  formula: ScoreFormula = RANK_DATA.scoreFormula,
): PaperScore {
  const inputs = paperScoreInputs(ranked, year, catalogue);
  const { qualifyingMarks, topMean } = inputs;
  const qualifying =
    qualifyingMarks &&
    qualifyingStatus(marks, {
      general: qualifyingMarks.general.value,
      obcNclEws: qualifyingMarks.obcNclEws.value,
      scStPwd: qualifyingMarks.scStPwd.value,
    });
  if (!qualifyingMarks || !topMean) return { score: null, kind: null, qualifying, inputs };
  const kind = ORDER[Math.max(ORDER.indexOf(qualifyingMarks.general.kind), ORDER.indexOf(topMean.kind))]!;
  return { score: gateScore(marks, qualifyingMarks.general.value, topMean.value, formula), kind, qualifying, inputs };
}

/** How many sessions a paper had in a year, when known. */
export function sessionsOf(code: string, year: number, catalogue: Catalogue = CATALOGUE): number | null {
  return paperYear(code, year, catalogue)?.sessions?.value ?? null;
}

export interface NormalisedMarks {
  normMarks: number;
  method: NormalisationMethod;
  note: string;
}

/**
 * A candidate's normalised marks on any paper: the official multi-session formula over each session's results when
 * the paper was held in several sessions that year (the raw marks until every session has enough results); the raw
 * marks on a single-session paper. `marksBySession` holds each session's raw marks, keyed as the caller names them.
 */
export function normalisedMarks(
  code: string,
  year: number,
  session: string,
  marks: number,
  marksBySession: Readonly<Record<string, readonly number[]>>,
  catalogue: Catalogue = CATALOGUE,
): NormalisedMarks {
  const sessions = sessionsOf(code, year, catalogue);
  if (sessions === 1)
    return { normMarks: marks, method: 'raw', note: `${code} ${year} was one session: normalised = raw.` };
  const statistics = sessionStatistics(
    Object.fromEntries(Object.entries(marksBySession).map(([name, list]) => [name, sortedMarks(list)])),
  );
  const own = statistics?.sessions[session];
  if (!statistics || !own || !canNormalise(statistics) || Object.keys(statistics.sessions).length < 2) {
    const counts = Object.entries(marksBySession)
      .map(([name, list]) => `${name}: ${list.length}`)
      .join(', ');
    const held = sessions === null ? 'its sessions in that year are not known' : `it had ${sessions} sessions`;
    return {
      normMarks: marks,
      method: 'raw',
      note: `Raw marks for ${code} ${year} (${held}; results checked here in each session: ${counts || 'none'}).`,
    };
  }
  return {
    normMarks: Math.round(normaliseMarks(marks, own, statistics.global) * 100) / 100,
    method: 'official-formula',
    note: `Normalised with the official formula over the ${statistics.global.count} results checked here in ${Object.keys(statistics.sessions).length} sessions.`,
  };
}
