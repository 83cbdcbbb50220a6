import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  CATALOGUE_VERSIONS,
  PAPER_CODES,
  challengeWindowOf,
  hasChoice,
  layoutOf,
  type Catalogue,
} from './catalogue';
import { normalisedMarks, paperScore, paperScoreInputs, sessionsOf } from './score-inputs';

const THIRTY = 'AE AG AR BM BT CE CH CS CY DA EC EE ES EY GE GG IN MA ME MN MT NM PE PH PI ST TF XE XH XL'.split(' ');

/** Every `source` string in the data, wherever it sits. */
function sourcesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(sourcesIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'source' && typeof inner === 'string' ? [inner] : sourcesIn(inner),
  );
}

describe.each(Object.entries(CATALOGUE_VERSIONS))('paper catalogue v%s', (_version, catalogue) => {
  it('holds the 30 GATE papers, each year naming a layout it has', () => {
    expect(Object.keys(catalogue.papers).sort()).toEqual(THIRTY);
    for (const [code, paper] of Object.entries(catalogue.papers)) {
      for (const [year, entry] of Object.entries(paper.years)) {
        if (entry.layout) expect(catalogue.layouts, `${code} ${year}`).toHaveProperty(entry.layout);
        if (paper.since) expect(Number(year), code).toBeGreaterThanOrEqual(paper.since.value);
      }
    }
  });

  it('names a source for every fact, and every source it names is listed with its address or document', () => {
    const named = sourcesIn({
      layouts: catalogue.layouts,
      challengeWindows: catalogue.challengeWindows,
      papers: catalogue.papers,
    }).flatMap((source) => source.split(', '));
    expect(named.length).toBeGreaterThan(100);
    for (const id of named) expect(catalogue.sources, id).toHaveProperty(id);
    for (const [id, text] of Object.entries(catalogue.sources)) expect(text, id).toMatch(/https?:\/\/|\.md|\.json/);
  });

  it('makes every paper 100 marks: GA, the compulsory sections and the chosen number of optional ones', () => {
    for (const [name, layout] of Object.entries(catalogue.layouts)) {
      const compulsory = layout.sections.filter((section) => !section.optional);
      const optional = layout.sections.filter((section) => section.optional);
      expect(new Set(optional.map((section) => section.marks)).size, name).toBeLessThanOrEqual(1);
      const total = compulsory.reduce((sum, s) => sum + s.marks, 0) + layout.choose * (optional[0]?.marks ?? 0);
      expect(total, name).toBe(100);
      expect(hasChoice(layout), name).toBe(layout.choose > 0);
      for (const section of layout.sections) {
        if (section.questions === undefined) continue;
        const oneMark = 2 * section.questions - section.marks;
        expect(oneMark >= 0 && oneMark <= section.questions, `${name} ${section.id}`).toBe(true);
      }
    }
  });
});

describe('what the catalogue knows of a paper and year', () => {
  it('has CS and CE as the two-session papers of 2024-2026 and every other paper as one session', () => {
    for (const year of [2024, 2025, 2026]) {
      for (const code of PAPER_CODES)
        expect(sessionsOf(code, year), `${code} ${year}`).toBe(['CS', 'CE'].includes(code) ? 2 : 1);
    }
    expect(sessionsOf('ME', 2021)).toBeNull();
  });

  it("gives a year's own layout, else the nearest year's with exact: false, and none before the paper existed", () => {
    expect(layoutOf('GE', 2025)).toMatchObject({ year: 2025, exact: true });
    expect(layoutOf('GE', 2023)).toMatchObject({ year: 2023, exact: true });
    expect(layoutOf('AR', 2026)).toMatchObject({ year: 2025, exact: false });
    expect(layoutOf('XE', 2026)?.layout.sections.map((section) => section.id)).toEqual(
      'GA A B C D E F G H I'.split(' '),
    );
    expect(CATALOGUE.papers.DA?.years).not.toHaveProperty('2023');
  });
});

describe('challenge windows', () => {
  it("knows GATE 2026's window closed on 28 Feb 2026, with its source, and knows none for a year it was not told", () => {
    expect(challengeWindowOf(2026)).toEqual({ closes: '2026-02-28', source: 'zeenews-2026-challenge' });
    expect(CATALOGUE.sources['zeenews-2026-challenge']).toMatch(/^https:\/\/zeenews\.india\.com\//);
    expect(challengeWindowOf(2019)).toBeUndefined();
    expect(challengeWindowOf(2026, { ...CATALOGUE, challengeWindows: undefined })).toBeUndefined();
  });
});

describe('GATE score inputs of any paper', () => {
  it("uses a paper's published qualifying mark and top-0.1% mean, and says the score rests on published figures", () => {
    const result = paperScore(50, 'CS', 2025);
    expect(result.inputs.qualifyingMarks?.general).toMatchObject({ value: 29.2, kind: 'published' });
    expect(result.inputs.topMean).toMatchObject({ value: 83.24, kind: 'published' });
    expect(result.score).toBe(Math.round(350 + (550 * (50 - 29.2)) / (83.24 - 29.2)));
    expect(result.kind).toBe('published');
    expect(result.qualifying?.general).toEqual({ qualifyingMarks: 29.2, qualifies: true });
  });

  it("derives missing category marks by GATE's rule, and ranks GG's parts as GG1 and GG2", () => {
    const gg2 = paperScoreInputs('GG2', 2025);
    expect(gg2.qualifyingMarks?.general).toMatchObject({ value: 40, kind: 'published' });
    expect(gg2.qualifyingMarks?.obcNclEws).toMatchObject({ value: 36, kind: 'published' });
    expect(gg2.qualifyingMarks?.scStPwd).toMatchObject({ value: 26.6, kind: 'derived' });
    expect(paperScoreInputs('GG1', 2025).qualifyingMarks?.scStPwd).toMatchObject({ value: 25.5, kind: 'published' });
  });

  it('derives the top-0.1% mean from a published marks–score pair, and estimates it from another year when none is', () => {
    const withPair: Catalogue = structuredClone(CATALOGUE);
    withPair.papers.EE!.years['2025']!.results!.EE!.scorePairs = [
      { marks: 60, score: 700, source: 'careers360-qm-2025' },
      { marks: 90, score: 1000, source: 'careers360-qm-2025' },
    ];
    const derived = paperScore(60, 'EE', 2025, withPair);
    expect(derived.inputs.topMean).toMatchObject({ value: 80, kind: 'derived' });
    expect(derived.score).toBe(700);
    const estimated = paperScore(60, 'CS', 2026);
    expect(estimated.inputs.topMean).toMatchObject({ value: 83.24, kind: 'estimated' });
    expect(estimated.kind).toBe('estimated');
    expect(estimated.inputs.notes.join(' ')).toMatch(/top-0.1% mean is estimated: CS's 2025 value, published/);
  });

  it('gives no GATE score, and says why, for a paper without any top-0.1% mean', () => {
    const result = paperScore(40, 'GE', 2025);
    expect(result.score).toBeNull();
    expect(result.qualifying?.general).toEqual({ qualifyingMarks: 25.7, qualifies: true });
    expect(result.inputs.notes).toEqual(['No top-0.1% mean of GE is known: the GATE score cannot be computed.']);
  });
});

describe('normalised marks of any paper', () => {
  const session = (shift: number) => Array.from({ length: 60 }, (_, i) => 10 + i + shift);

  it('normalises a two-session paper (CE 2025) with the official formula and keeps a one-session paper raw', () => {
    const easier = normalisedMarks('CE', 2025, 'CE 2', 50, { 'CE 1': session(0), 'CE 2': session(8) });
    expect(easier.method).toBe('official-formula');
    expect(easier.normMarks).toBeLessThan(50);
    expect(normalisedMarks('EE', 2025, 'EE', 50, { EE: session(0) })).toMatchObject({ normMarks: 50, method: 'raw' });
    expect(normalisedMarks('CE', 2025, 'CE 1', 50, { 'CE 1': session(0) }).note).toMatch(/it had 2 sessions/);
  });
});
