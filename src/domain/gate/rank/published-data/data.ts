import version1 from './rank-data.v1.json';
import version2 from './rank-data.v2.json';
import version3 from './rank-data.v3.json';
import version4 from './rank-data.v4.json';

/** The test papers a candidate can pick; CS 1 and CS 2 are the two session groups of the one CS paper. */
export type RankTestPaper = 'CS 1' | 'CS 2' | 'DA';
export type PaperKey = 'CS' | 'DA';

export interface OfficialYear {
  registered?: number;
  appeared?: number;
  qualified?: number;
  qualifyingMarks?: { general?: number; obcNclEws?: number; scStPwd?: number };
  topMeanMarks?: number | null;
  maxMarks?: number;
}

export interface YearData {
  official?: OfficialYear;
  /** [marks, rank] pairs; candidate-reported ones are noisy observations, weighted below the official anchors. */
  reported?: [number, number][];
  /** Since version 2: who the reported points come from. */
  reportedKind?: 'candidate-reported' | 'official';
  /**
   * Since version 2: where the official values and the reported points come from; since version 4, `references`
   * names each source a point can cite.
   */
  source?: { official?: string; reported?: string; references?: Record<string, string> };
  /** Since version 4: for each reported point, the key of its source in `source.references`. */
  reportedSources?: string[];
  note?: string;
}

export interface PaperData {
  name: string;
  sessions: string[];
  years: Record<string, YearData>;
}

export interface RankData {
  version?: number;
  scoreFormula: { Sq: number; St: number; cap: number };
  papers: Record<string, PaperData>;
}

/** The JSON types its pairs as number[][]; the files' shape is what RankData describes (data.test.ts checks it). */
export const RANK_DATA_VERSIONS: Record<1 | 2 | 3 | 4, RankData> = {
  1: version1 as unknown as RankData,
  2: version2 as unknown as RankData,
  3: version3 as unknown as RankData,
  4: version4 as unknown as RankData,
};
/** The data version the model uses. */
export const RANK_DATA: RankData = RANK_DATA_VERSIONS[4];

export const SESSIONS_OF: Record<PaperKey, readonly RankTestPaper[]> = { CS: ['CS 1', 'CS 2'], DA: ['DA'] };

export function paperKeyOf(testPaper: RankTestPaper): PaperKey {
  return testPaper === 'DA' ? 'DA' : 'CS';
}

/** Years of a paper in ascending order, with their data. */
export function yearsOf(data: RankData, paper: PaperKey): { year: number; data: YearData }[] {
  const years = data.papers[paper]?.years ?? {};
  return Object.entries(years)
    .map(([year, yearData]) => ({ year: Number(year), data: yearData }))
    .sort((a, b) => a.year - b.year);
}

/** The same data without the years at or after `year`: what was known before that exam. */
export function dataBefore(data: RankData, year: number): RankData {
  return filterYears(data, (y) => y < year);
}

/** The same data without one year: for leave-one-year-out backtests. */
export function dataWithoutYear(data: RankData, year: number): RankData {
  return filterYears(data, (y) => y !== year);
}

/** Keeps a year's official counts but drops its reported points: the state right after the results came out. */
export function dataWithoutReportedPoints(data: RankData, year: number): RankData {
  const papers = Object.fromEntries(
    Object.entries(data.papers).map(([key, paper]) => {
      const years = { ...paper.years };
      const yearData = years[String(year)];
      if (yearData) years[String(year)] = { official: yearData.official };
      return [key, { ...paper, years }];
    }),
  );
  return { ...data, papers };
}

function filterYears(data: RankData, keep: (year: number) => boolean): RankData {
  const papers = Object.fromEntries(
    Object.entries(data.papers).map(([key, paper]) => [
      key,
      { ...paper, years: Object.fromEntries(Object.entries(paper.years).filter(([y]) => keep(Number(y)))) },
    ]),
  );
  return { ...data, papers };
}
