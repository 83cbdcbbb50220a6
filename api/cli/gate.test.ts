import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { SheetScorecard } from '../../src/domain/gate';
import { expectScorecardMatches, loadFixtureSet } from '../../test/support/fixture-expectations';
import { fixturesRoot } from '../../test/support/fixtures';
import { itemAt } from '../../src/domain/lists';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/** npx itself may warn about this machine's npm config; only the CLI's own lines count. */
const ownLines = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => !line.startsWith('npm warn'))
    .join('\n');

async function gate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'api/cli/gate.ts', ...args], { cwd: repoRoot });
    return { code: 0, stdout, stderr: ownLines(stderr) };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: ownLines(failed.stderr) };
  }
}

const inSet = (set: string, file: string) => path.join(fixturesRoot, set, file);

describe('gate CLI', () => {
  it.each([
    ['cs1-2026', 0],
    ['da-2025', 3],
  ] as const)('score prints the expected scorecard of a %s sheet and nothing else', async (set, index) => {
    const sheet = itemAt(loadFixtureSet(set).sheets, index);
    const result = await gate(
      'score',
      inSet(set, sheet.file),
      '--paper',
      inSet(set, 'master.html'),
      '--key',
      inSet(set, 'key.json'),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expectScorecardMatches(JSON.parse(result.stdout) as SheetScorecard, sheet.expected);
  });

  it('fails with exit 1 and a one-line reason for a sheet of another paper', async () => {
    const result = await gate(
      'score',
      inSet('da-2025', itemAt(loadFixtureSet('da-2025').sheets, 0).file),
      '--paper',
      inSet('cs1-2026', 'master.html'),
      '--key',
      inSet('cs1-2026', 'key.json'),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(
      'gate score: This response sheet is DA, not CS 1. Choose DA as the test paper and try again.',
    );
  });

  it('paper prints the built paper with 65 questions in master order', async () => {
    const result = await gate('paper', inSet('da-2025', 'master.html'));
    expect(result.code).toBe(0);
    const paper = JSON.parse(result.stdout) as { name: string; questions: Array<{ short_id: string }> };
    expect(paper.name).toBe('GATE 2025 DA');
    expect(paper.questions.map((q) => Number(q.short_id))).toEqual(Array.from({ length: 65 }, (_, i) => i + 1));
  });

  it('predict prints a rank prediction for the marks, and refuses an unknown paper with the usage', async () => {
    const ok = await gate('predict', '--paper', 'DA', '--marks', '40', '--year', '2025');
    expect(ok.code).toBe(0);
    const prediction = JSON.parse(ok.stdout) as { testPaper: string; marks: number; estimatedRank: number };
    expect(prediction).toMatchObject({ testPaper: 'DA', marks: 40 });
    expect(prediction.estimatedRank).toBeGreaterThan(0);

    const refused = await gate('predict', '--paper', 'EE', '--marks', '40');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('gate predict: --paper must be one of CS 1, CS 2, DA.');
    expect(refused.stderr).toContain('--as-of-year');
  });
});
