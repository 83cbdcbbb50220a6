import { describe, expect, it } from 'vitest';
import { MIN_INDEPENDENT_REPORTERS, reportConsensus, TYPED_WEIGHT, type ReportForConsensus } from './report-consensus';

/** The forecast: 60 marks → AIR 1,000, ×e^0.12 a mark fewer, its ~80% range ×2 either way. */
const forecastAt = (marks: number) => {
  const rank = Math.round(1000 * Math.exp(-0.12 * (marks - 60)));
  return { rank, rankRange: [Math.round(rank / 2), rank * 2] as const };
};

/** A report of its own reporter: `factor` × the forecast AIR at its marks. */
function report(index: number, factor = 1, overrides: Partial<ReportForConsensus> = {}): ReportForConsensus {
  const marks = 40 + (index % 40);
  const forecast = forecastAt(marks);
  return {
    id: `r${index}`,
    marks,
    rank: Math.round(forecast.rank * factor),
    provenance: 'portal',
    documentChecked: false,
    quarantined: false,
    reporter: { address: `a${index}`, device: `d${index}`, network: `n${index}` },
    forecast,
    ...overrides,
  };
}

const honest = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => report(from + i, Math.exp(0.3 * Math.sin(i * 2.1))));

describe('the consensus of official results', () => {
  it('keeps the forecast until enough independent reporters have reported', () => {
    const few = reportConsensus(honest(MIN_INDEPENDENT_REPORTERS - 1));
    expect(few).toMatchObject({ departs: false, shift: 0, pairs: [], independent: MIN_INDEPENDENT_REPORTERS - 1 });
    const enough = reportConsensus(honest(MIN_INDEPENDENT_REPORTERS));
    expect(enough.departs).toBe(true);
    expect(enough.pairs).toHaveLength(MIN_INDEPENDENT_REPORTERS);
  });

  it('counts nothing of an uploaded page or a quarantined report, and says why', () => {
    const reports = [
      ...honest(12),
      report(50, 4.5, { provenance: 'uploaded' }),
      report(51, 1, { quarantined: true }),
      report(52, 1, { provenance: 'confirmed' }),
    ];
    const { assessed, independent, pairs } = reportConsensus(reports);
    expect(independent).toBe(13);
    expect(assessed.find((a) => a.id === 'r50')).toMatchObject({ weight: 0, flags: ['uploaded'] });
    expect(assessed.find((a) => a.id === 'r51')).toMatchObject({ weight: 0, flags: ['quarantined'] });
    expect(assessed.find((a) => a.id === 'r52')!.weight).toBe(TYPED_WEIGHT);
    expect(pairs.map((p) => p.rank)).not.toContain(reports[12]!.rank);
  });

  it('weighs every report of one network, device or address together as one report', () => {
    const forger = Array.from({ length: 15 }, (_, i) =>
      report(100 + i, 4.5, {
        reporter: { address: `forger${i}`, device: `forger-device${i}`, network: 'one network' },
      }),
    );
    const { assessed, independent } = reportConsensus([...honest(3), ...forger]);
    expect(independent).toBe(4);
    const forgerWeight = assessed.slice(3).reduce((sum, a) => sum + a.weight, 0);
    expect(forgerWeight).toBeLessThanOrEqual(TYPED_WEIGHT + 1e-9);
    expect(assessed[3]!.flags).toContain('shared-reporter');
    // A device shared across networks joins them too.
    const chained = reportConsensus([
      report(1, 1, { reporter: { address: 'x', device: 'phone', network: 'home' } }),
      report(2, 1, { reporter: { address: 'y', device: 'phone', network: 'office' } }),
      report(3, 1, { reporter: { address: 'z', device: 'laptop', network: 'office' } }),
    ]);
    expect(chained.independent).toBe(1);
  });

  it('weighs down, never believes, independent reporters far from the consensus', () => {
    // Among the honest reporters' marks (40–59): the sparse top is the case docs/official-results.md leaves open.
    const forgers = Array.from({ length: 6 }, (_, i) => report(201 + 3 * i, 4.5));
    const { assessed, shift } = reportConsensus([...honest(20), ...forgers]);
    expect(Math.abs(shift)).toBeLessThan(0.5);
    for (const forged of assessed.slice(20)) {
      expect(forged.flags).toContain('far-from-consensus');
      expect(forged.weight).toBeLessThan(0.1 * TYPED_WEIGHT);
    }
    for (const fair of assessed.slice(0, 20)) expect(fair.weight).toBe(TYPED_WEIGHT);
  });

  it('follows a year unlike the earlier ones once its independent reporters agree on it', () => {
    // Every honest AIR twice the forecast: the consensus moves, and none of them is held as far from it.
    const reports = Array.from({ length: 15 }, (_, i) => report(i, 2 * Math.exp(0.2 * Math.sin(i))));
    const { assessed, shift, pairs } = reportConsensus(reports);
    expect(Math.exp(shift)).toBeCloseTo(2, 0);
    expect(assessed.every((a) => a.flags.length === 0 && a.weight === TYPED_WEIGHT)).toBe(true);
    expect(pairs).toHaveLength(15);
  });

  it('weighs a report checked against the official scorecard above a typed one', () => {
    const { assessed } = reportConsensus([report(1, 1, { documentChecked: true }), report(2)]);
    expect(assessed.map((a) => a.weight)).toEqual([1, TYPED_WEIGHT]);
  });
});
