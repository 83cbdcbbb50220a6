import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetScorecard } from '../../src/domain/gate';
import { expectScorecardMatches, loadFixtureSet } from '../../test/support/fixture-expectations';
import { fixturesRoot, readFixtureJson } from '../../test/support/fixtures';
import { itemAt } from '../../src/domain/lists';
import { keyPdf } from '../../test/support/key-pdf';
import { HOSTILE_PDFS } from '../../test/support/hostile-pdf';

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

  describe('score with a key that lacks questions', () => {
    const fixtureKey = readFixtureJson<{ keys: Record<string, string> }>('cs1-2026', 'key.json');
    const sheet = () => inSet('cs1-2026', itemAt(loadFixtureSet('cs1-2026').sheets, 0).file);
    let folder: string;
    let shortKey: string;
    let lacking: { long_id: string; short_id: string };
    beforeAll(async () => {
      folder = mkdtempSync(path.join(tmpdir(), 'gate-short-key-'));
      const paper = JSON.parse((await gate('paper', inSet('cs1-2026', 'master.html'))).stdout) as {
        questions: Array<{ long_id: string; short_id: string }>;
      };
      lacking = paper.questions.find((question) => question.short_id === '40')!;
      const { [lacking.long_id]: _dropped, ...keys } = fixtureKey.keys;
      shortKey = path.join(folder, 'short-key.json');
      writeFileSync(shortKey, JSON.stringify({ keys }));
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('is refused with exit 1, naming the question, as the API refuses it (KEY_INCOMPLETE)', async () => {
      const result = await gate('score', sheet(), '--paper', inSet('cs1-2026', 'master.html'), '--key', shortKey);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim()).toBe(
        'gate score: The key has no answer for Q40 (1 question). Score with --partial for a partial score.',
      );
    });

    it('gives a score labelled as partial with --partial', async () => {
      const result = await gate(
        'score',
        sheet(),
        '--paper',
        inSet('cs1-2026', 'master.html'),
        '--key',
        shortKey,
        '--partial',
      );
      expect(result.code).toBe(0);
      const printed = JSON.parse(result.stdout) as { partial: string; 'Total Marks'?: number };
      expect(printed.partial).toBe('PARTIAL SCORE: The key has no answer for Q40 (1 question).');
      expect(Object.keys(printed)[0]).toBe('partial');
    });
  });

  describe('key', () => {
    const fixtureKey = readFixtureJson<{
      keys: Record<string, string>;
      byMaster: Array<{ master: number; type: string; key: string }>;
    }>('cs1-2026', 'key.json');
    /** The fixture key as GATE prints it: GA 1-10, the subject 11-65, ranges 'lo to hi'. */
    const officialRows = fixtureKey.byMaster.map(({ master, type, key }) => [
      String(master),
      type,
      master <= 10 ? 'GA' : 'CS',
      key.replace(/^(\S+):(\S+)$/, '$1 to $2'),
    ]);
    let folder: string;
    beforeAll(() => {
      folder = mkdtempSync(path.join(tmpdir(), 'gate-key-'));
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('prints the keys of an official key PDF by Question ID, the same as the fixture key', async () => {
      const pdf = path.join(folder, 'key.pdf');
      writeFileSync(pdf, await keyPdf({ layout: 'current', rows: officialRows }));
      const result = await gate('key', pdf, '--paper', inSet('cs1-2026', 'master.html'));
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({
        keys: fixtureKey.keys,
        warnings: [],
        rows: 65,
        whole: true,
        unread: [],
      });
    });

    it('prints every row it could not read, verbatim with the reason, and says the key is not whole', async () => {
      const rowsFile = path.join(folder, 'unread.txt');
      writeFileSync(
        rowsFile,
        [...officialRows.slice(0, 64).map((row) => row.join(' ')), '65 NAT CS', 'Final Answer Key'].join('\n'),
      );
      const result = await gate('key', rowsFile, '--paper', inSet('cs1-2026', 'master.html'));
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({
        rows: 65,
        whole: false,
        unread: [{ row: '65 NAT CS', problems: ["The key row '65 NAT CS' has no key."] }],
        version: { status: 'final' },
      });
    });

    it('reads rows copied as text and warns about a row of another paper, a type that differs and a repeat', async () => {
      const rowsFile = path.join(folder, 'rows.txt');
      const rows = officialRows.slice(0, 3).map((row) => row.join(' '));
      writeFileSync(
        rowsFile,
        ['Q. No. | Q. Type | Section | Key/Range', ...rows, '66 MCQ CS A', '2 MSQ GA A'].join('\n'),
      );
      const result = await gate('key', rowsFile, '--paper', inSet('cs1-2026', 'master.html'));
      expect(result.code).toBe(0);
      const printed = JSON.parse(result.stdout) as {
        keys: Record<string, string>;
        warnings: string[];
        whole: boolean;
        unread: Array<{ row: string }>;
      };
      expect(Object.keys(printed.keys)).toHaveLength(3);
      expect(printed.whole).toBe(false);
      expect(printed.unread.map((row) => row.row)).toEqual(['66 MCQ CS A', '2 MSQ GA A']);
      expect(printed.warnings.slice(0, 3)).toEqual([
        "The key row '66 MCQ CS A' names Q66, which is not in this paper.",
        "The key row '2 MSQ GA A' says MSQ; the paper has Q2 as MCQ.",
        "The key row '2 MSQ GA A' repeats Q2; the first row for it counts.",
      ]);
      expect(printed.warnings[3]).toMatch(/^No key for Q4, Q5, /);
    });

    it.each(Object.entries(HOSTILE_PDFS))(
      'refuses %s with exit 1 and a clear message, within its own limits',
      async (name, make) => {
        const pdf = path.join(folder, `${name.replace(/\W+/g, '-')}.pdf`);
        writeFileSync(pdf, make());
        const result = await gate('key', pdf, '--paper', inSet('cs1-2026', 'master.html'));
        // Exit 1 is the CLI's own refusal: a reader past its limits (KEY_PDF_LIMITS) is ended by the CLI, and one
        // that hung would meet this test's timeout instead.
        expect(result.code).toBe(1);
        expect(result.stderr.trim().split('\n').at(-1)).toMatch(/^gate key: This PDF could not be read: \S.+$/);
      },
      30_000,
    );

    it('fails with exit 1 for a file without key rows', async () => {
      const empty = path.join(folder, 'empty.txt');
      writeFileSync(empty, 'no rows here\n');
      const result = await gate('key', empty, '--paper', inSet('cs1-2026', 'master.html'));
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`gate key: ${empty} has no answer-key rows (rows like "23 MSQ DA A;B;C")`);
    });
  });
});
