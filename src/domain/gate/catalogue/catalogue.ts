import version1 from './catalogue.v1.json';

/**
 * The GATE paper catalogue: every paper's name, sessions and sections by year, and the facts a score needs
 * (qualifying marks, counts, top-0.1% means). Data only, versioned like the rank data: a new version is a new file
 * and a line in CATALOGUE_VERSIONS. Every fact names its source; a fact not found is absent, never guessed
 * (README.md beside this file lists what is known and where it comes from).
 */

/** One section of a paper as its sheet, its key and its marks see it. */
export interface SectionDefinition {
  /** 'GA', 'S' (the subject of a paper without parts), 'A', 'B1', 'C3', 'P'… */
  id: string;
  /** As the response sheet labels it, e.g. 'Part B1: Surveying and Mapping'. */
  name: string;
  /** A section the candidate may choose; the layout's `choose` says how many of them count. */
  optional?: boolean;
  /** The section's marks: one- and two-mark questions, the one-mark questions first. */
  marks: number;
  /** How many questions it has, when known (else the sheet shows it). */
  questions?: number;
  /** The key's question number of its first question, when known. */
  first?: number;
  /** The key's Section column for it ('GE-B-SI', 'XE-B', 'GG1'); GA and the paper's code are always understood. */
  keySections?: string[];
  /** Image-name section codes seen on real sheets ('geb1'); others are read as paper code + section id. */
  imageCodes?: string[];
  /** For a choice that is ranked as a paper of its own: GG with Part B1 is ranked as GG1. */
  rankedAs?: string;
}

export interface Layout {
  sections: SectionDefinition[];
  /** How many optional sections count (0 for a paper without choice). */
  choose: number;
  source: string;
}

/** A value and where it was read: one or more ids of `sources`, joined by ', '. */
export interface SourcedNumber {
  value: number;
  source: string;
}

export interface QualifyingMarks {
  general: number;
  obcNclEws?: number;
  scStPwd?: number;
  source: string;
}

/** A published pair of raw (or normalised) marks and GATE score, e.g. a topper's scorecard. */
export interface ScorePair {
  marks: number;
  score: number;
  source: string;
}

/** What was published about one ranked paper in one year (GG1 and GG2 are ranked apart). */
export interface ResultFacts {
  qualifyingMarks?: QualifyingMarks;
  appeared?: SourcedNumber;
  qualified?: SourcedNumber;
  /** The mean marks of the top 0.1% (or top ten), when published. */
  topMean?: SourcedNumber;
  /** Marks–score pairs from which the top-0.1% mean can be derived when it was not published. */
  scorePairs?: ScorePair[];
  note?: string;
}

export interface PaperYear {
  /** Name of the layout in `layouts`. */
  layout?: string;
  /** Sessions the paper was held in; CS and CE were two-session papers in 2024–2026. */
  sessions?: SourcedNumber;
  /** Keyed by ranked paper: the paper's own code, or GG1/GG2, XH-C1… for papers ranked per choice. */
  results?: Record<string, ResultFacts>;
  note?: string;
}

export interface CataloguePaper {
  name: string;
  /** The first year the paper was held, when known. */
  since?: SourcedNumber;
  note?: string;
  years: Record<string, PaperYear>;
}

/**
 * The days of a year's challenge window: candidates may challenge the provisional key's answers, for a fee per
 * question, until `closes` ('YYYY-MM-DD', India's date). One window serves every paper of the year.
 */
export interface ChallengeWindow {
  opens?: string;
  closes: string;
  source: string;
}

export interface Catalogue {
  version: number;
  about: string;
  sources: Record<string, string>;
  layouts: Record<string, Layout>;
  /** By year, the years whose window is known. */
  challengeWindows?: Record<string, ChallengeWindow>;
  papers: Record<string, CataloguePaper>;
}

/** The JSON's shape is what Catalogue describes; catalogue.test.ts checks it and every source it names. */
export const CATALOGUE_VERSIONS: Record<1, Catalogue> = { 1: version1 };
export const CATALOGUE: Catalogue = CATALOGUE_VERSIONS[1];

/** The 30 paper codes, as candidate ids and key PDFs write them. */
export const PAPER_CODES: readonly string[] = Object.keys(CATALOGUE.papers);

export function cataloguePaper(code: string, catalogue: Catalogue = CATALOGUE): CataloguePaper | undefined {
  return Object.hasOwn(catalogue.papers, code) ? catalogue.papers[code] : undefined;
}

/** The year's challenge window, or undefined when the catalogue does not know it. */
export function challengeWindowOf(year: number, catalogue: Catalogue = CATALOGUE): ChallengeWindow | undefined {
  const windows = catalogue.challengeWindows ?? {};
  return Object.hasOwn(windows, String(year)) ? windows[String(year)] : undefined;
}

/** A year's entry of a paper, or undefined when the catalogue holds nothing for that year. */
export function paperYear(code: string, year: number, catalogue: Catalogue = CATALOGUE): PaperYear | undefined {
  const paper = cataloguePaper(code, catalogue);
  return paper && Object.hasOwn(paper.years, String(year)) ? paper.years[String(year)] : undefined;
}

export interface YearLayout {
  layout: Layout;
  /** The year the layout was recorded for: another year's when the asked one has none (see `exact`). */
  year: number;
  exact: boolean;
}

/**
 * The sections of a paper in a year: that year's layout, else the nearest earlier year's, else the nearest later
 * one's, with `exact: false` so the caller can say so. Undefined when the catalogue has no layout for the paper.
 */
export function layoutOf(code: string, year: number, catalogue: Catalogue = CATALOGUE): YearLayout | undefined {
  const paper = cataloguePaper(code, catalogue);
  if (!paper) return undefined;
  const withLayout = Object.entries(paper.years)
    .filter(([, entry]) => entry.layout !== undefined && Object.hasOwn(catalogue.layouts, entry.layout))
    .map(([y, entry]) => ({ year: Number(y), layout: catalogue.layouts[entry.layout!]! }));
  const exact = withLayout.find((entry) => entry.year === year);
  if (exact) return { ...exact, exact: true };
  const before = withLayout.filter((entry) => entry.year < year).sort((a, b) => b.year - a.year)[0];
  const after = withLayout.filter((entry) => entry.year > year).sort((a, b) => a.year - b.year)[0];
  const nearest = before ?? after;
  return nearest && { ...nearest, exact: false };
}

/** Whether a paper's candidates choose some of its sections. */
export const hasChoice = (layout: Layout) => layout.sections.some((section) => section.optional);
