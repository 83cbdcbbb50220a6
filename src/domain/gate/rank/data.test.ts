import { assert, describe, expect, it } from 'vitest';
import { RANK_DATA, dataBefore, dataWithoutReportedPoints, dataWithoutYear, yearsOf } from './data';
import { buildYearCurves } from './history';

describe('bundled rank data', () => {
  it('has the shape the model reads', () => {
    expect(RANK_DATA.scoreFormula).toMatchObject({ Sq: 350, St: 900, cap: 1000 });
    expect(RANK_DATA.papers.CS?.sessions).toEqual(['CS 1', 'CS 2']);
    for (const paper of ['CS', 'DA']) {
      for (const { data } of yearsOf(RANK_DATA, paper as 'CS' | 'DA')) {
        for (const pair of data.reported ?? []) {
          expect(pair).toHaveLength(2);
          expect(pair.every(Number.isFinite)).toBe(true);
        }
      }
    }
  });

  it('turns the years with counts into curves where more marks never mean a worse rank', () => {
    const curves = buildYearCurves(RANK_DATA, 'CS');
    expect(curves.map((c) => c.year)).toEqual([2023, 2024]);
    for (const curve of curves) {
      const shares = curve.points.map((p) => p.logShare);
      expect(shares).toEqual([...shares].sort((a, b) => b - a));
    }
  });

  it('can hide a year, the years from a year on, or a year’s reported points', () => {
    expect(yearsOf(dataBefore(RANK_DATA, 2024), 'CS').map((y) => y.year)).toEqual([2015, 2023]);
    expect(yearsOf(dataWithoutYear(RANK_DATA, 2023), 'CS').map((y) => y.year)).not.toContain(2023);
    const stripped = dataWithoutReportedPoints(RANK_DATA, 2023).papers.CS?.years['2023'];
    assert.isDefined(stripped, 'CS 2023 is still there');
    expect(stripped.reported).toBeUndefined();
    expect(stripped.official?.qualified).toBe(14797);
  });
});
