import { assert, describe, expect, it } from 'vitest';
import type { RankData } from './data';
import { RANK_DATA, RANK_DATA_VERSIONS, dataBefore, dataWithoutReportedPoints, dataWithoutYear, yearsOf } from './data';
import { buildYearCurves } from '../prediction/history';

const versions = Object.entries(RANK_DATA_VERSIONS).map(([version, data]) => [Number(version), data] as const);
const yearsOfBoth = (data: RankData) => (['CS', 'DA'] as const).flatMap((paper) => yearsOf(data, paper));

describe.each(versions)('rank data v%i', (version, data) => {
  it('has the shape the model reads', () => {
    expect(data.version).toBe(version);
    expect(data.scoreFormula).toMatchObject({ Sq: 350, St: 900, cap: 1000 });
    expect(data.papers.CS?.sessions).toEqual(['CS 1', 'CS 2']);
    for (const { data: year } of yearsOfBoth(data)) {
      for (const pair of year.reported ?? []) {
        expect(pair).toHaveLength(2);
        expect(pair.every(Number.isFinite)).toBe(true);
      }
      const { appeared, qualified } = year.official ?? {};
      if (appeared && qualified) expect(qualified).toBeLessThan(appeared);
    }
  });

  it('turns the years with counts into curves where more marks never mean a worse rank', () => {
    const curves = buildYearCurves(data, 'CS');
    const withCounts = yearsOf(data, 'CS').filter(
      ({ data: y }) =>
        y.official?.appeared && y.official.qualifyingMarks?.general !== undefined && (y.reported?.length ?? 0) > 0,
    );
    expect(curves.map((c) => c.year)).toEqual(withCounts.map((y) => y.year));
    for (const curve of curves) {
      const shares = curve.points.map((p) => p.logShare);
      expect(shares).toEqual([...shares].sort((a, b) => b - a));
    }
  });
});

describe.each([2, 3, 4] as const)('rank data v%i', (version) => {
  it('names a source for every official value and every reported point, and marks candidate reports as such', () => {
    for (const { year, data } of yearsOfBoth(RANK_DATA_VERSIONS[version])) {
      if (data.official) expect(data.source?.official, `${year} official`).toEqual(expect.any(String));
      if (data.reported) {
        expect(data.source?.reported, `${year} reported`).toEqual(expect.any(String));
        expect(data.reportedKind, `${year} kind`).toBe('candidate-reported');
      }
    }
  });
});

describe('rank data v3', () => {
  const v3 = RANK_DATA_VERSIONS[3];

  it('names the address each value added since v2 was read from', () => {
    const v2Years = new Set(yearsOfBoth(RANK_DATA_VERSIONS[2]).map((y) => JSON.stringify(y)));
    const added = yearsOfBoth(v3).filter((y) => !v2Years.has(JSON.stringify(y)));
    expect(added.length).toBeGreaterThan(0);
    for (const { year, data } of added) {
      const sources = [data.source?.official, data.source?.reported].filter((s) => s !== undefined);
      expect(sources.join(' '), `${year}`).toMatch(/https?:\/\//);
    }
  });

  it('keeps every year of v2 and adds years', () => {
    for (const paper of ['CS', 'DA'] as const) {
      const years = yearsOf(v3, paper).map((y) => y.year);
      for (const { year } of yearsOf(RANK_DATA_VERSIONS[2], paper)) expect(years).toContain(year);
    }
    expect(yearsOf(v3, 'CS').length).toBeGreaterThan(yearsOf(RANK_DATA_VERSIONS[2], 'CS').length);
  });
});

describe('rank data v4', () => {
  const v4 = RANK_DATA_VERSIONS[4];
  const cs = (data: RankData, year: number) => data.papers.CS?.years[String(year)];

  it('names the source of every reported point, each an address or the collection it was read from', () => {
    for (const { year, data } of yearsOfBoth(v4)) {
      const points = data.reported ?? [];
      expect(data.reportedSources ?? [], `${year}`).toHaveLength(points.length);
      for (const key of data.reportedSources ?? []) {
        expect(data.source?.references?.[key], `${year} ${key}`).toMatch(/https?:\/\/|rank-data\.json/);
      }
    }
  });

  it('keeps v3’s points, leaves out CS 2025’s held-out collection, and adds CS 2026’s from a public address', () => {
    for (const { year, data } of yearsOf(RANK_DATA_VERSIONS[3], 'CS')) {
      if (year !== 2026) expect(cs(v4, year)?.reported, `${year}`).toEqual(data.reported);
    }
    expect(cs(RANK_DATA_VERSIONS[3], 2026)?.reported).toBeUndefined();
    expect(cs(v4, 2026)?.reported).toHaveLength(29);
    for (const key of cs(v4, 2026)?.reportedSources ?? []) {
      expect(cs(v4, 2026)?.source?.references?.[key]).toMatch(/https:\/\/github\.com\//);
    }
  });

  it('is the version the model uses', () => {
    expect(RANK_DATA).toBe(v4);
  });
});

describe('rank data filters', () => {
  it('can hide a year, the years from a year on, or a year’s reported points', () => {
    const before2024 = yearsOf(dataBefore(RANK_DATA, 2024), 'CS').map((y) => y.year);
    expect(before2024).toContain(2023);
    expect(before2024.every((y) => y < 2024)).toBe(true);
    expect(yearsOf(dataWithoutYear(RANK_DATA, 2023), 'CS').map((y) => y.year)).not.toContain(2023);
    const stripped = dataWithoutReportedPoints(RANK_DATA, 2023).papers.CS?.years['2023'];
    assert.isDefined(stripped, 'CS 2023 is still there');
    expect(stripped.reported).toBeUndefined();
    expect(stripped.official?.qualified).toBe(14797);
  });
});
