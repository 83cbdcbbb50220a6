import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError, predictCommand } from './predict-command';

describe('gate predict command', () => {
  it('prints the prediction for a paper and marks', async () => {
    const result = (await predictCommand(['--paper', 'CS 1', '--marks', '60', '--year', '2025'])) as Record<
      string,
      unknown
    >;
    expect(result).toMatchObject({ testPaper: 'CS 1', normMarks: 60, score: 663 });
    expect(result.rankRange).toHaveLength(2);
    expect(result.method).toEqual(expect.any(String));
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('backtests with an as-of year and an appeared count', async () => {
    const result = (await predictCommand([
      '--paper',
      'CS2',
      '--marks',
      '60',
      '--as-of-year',
      '2025',
      '--appeared',
      '170825',
    ])) as {
      year: number;
      expectedAppeared: { value: number };
      historicalYears: number[];
    };
    expect(result.year).toBe(2025);
    expect(result.expectedAppeared.value).toBe(170825);
    expect(result.historicalYears).toContain(2024);
    expect(result.historicalYears.every((y) => y < 2025)).toBe(true);
  });

  it('takes negative marks written as --marks=-20', async () => {
    const result = (await predictCommand(['--paper', 'DA', '--marks=-20'])) as { normMarks: number; score: number };
    expect(result.normMarks).toBe(-20);
    expect(result.score).toBeLessThan(0);
  });

  async function crowdFile(content: unknown): Promise<string> {
    const file = join(await mkdtemp(join(tmpdir(), 'crowd-')), 'crowd.json');
    await writeFile(file, JSON.stringify(content));
    return file;
  }

  it('uses a crowd file as stored results: the official normalisation and the crowd rank', async () => {
    const session = (shift: number) => Array.from({ length: 300 }, (_, i) => Math.round((i / 3 + shift) * 3) / 3);
    const file = await crowdFile({ marksBySession: { 'CS 1': session(0), 'CS 2': session(5) } });
    const withCrowd = (await predictCommand(['--paper', 'CS 2', '--marks', '60', '--crowd', file])) as {
      normalisation: string;
      normMarks: number;
      sampleSize: number;
      method: string;
    };
    expect(withCrowd.normalisation).toBe('official-formula');
    // CS 2 was 5 marks easier in this crowd, so its 60 normalises lower.
    expect(withCrowd.normMarks).toBeLessThan(60);
    expect(withCrowd.sampleSize).toBe(600);
    expect(withCrowd.method).toContain('crowd rank');
  });

  it.each([
    [{ marksBySession: { 'CS 1': [40, 'x'] } }, /must be a list of numbers/],
    [{ marksBySession: { DA: [40] } }, /not a session of CS 1/],
    [{ sessions: {} }, /must hold/],
  ])('refuses the crowd file %j', async (content, message) => {
    const file = await crowdFile(content);
    await expect(predictCommand(['--paper', 'CS 1', '--marks', '60', '--crowd', file])).rejects.toThrow(message);
  });

  it.each([
    [['--marks', '60'], /--paper must be one of/],
    [['--paper', 'ME', '--marks', '60'], /--paper must be one of/],
    [['--paper', 'DA'], /--marks is required/],
    [['--paper', 'DA', '--marks', 'sixty'], /--marks must be a number/],
    [['--paper', 'DA', '--marks', '60', '--appeared=-3'], /--appeared must be a positive whole number/],
    [['--paper', 'DA', '--marks', '60', '--colour', 'red'], /Unknown option/],
  ])('refuses %j with a usage message', async (argv, message) => {
    await expect(predictCommand(argv)).rejects.toThrow(UsageError);
    await expect(predictCommand(argv)).rejects.toThrow(message);
  });
});
