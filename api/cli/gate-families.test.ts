import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetScorecard } from '../../src/domain/gate';
import { fixturesRoot } from '../../test/support/fixtures';
import { keyPdf } from '../../test/support/key-pdf';
import { expectFamilyScorecard, loadFamilySet, officialKeyRows } from '../../test/support/paper-families';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

async function gate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const own = (stderr: string) =>
    stderr
      .split('\n')
      .filter((line) => !line.startsWith('npm warn'))
      .join('\n');
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'api/cli/gate.ts', ...args], { cwd: repoRoot });
    return { code: 0, stdout, stderr: own(stderr) };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: own(failed.stderr) };
  }
}

const inSet = (set: string, file: string) => path.join(fixturesRoot, set, file);

describe('gate CLI on papers whose candidates choose sections', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'gate-families-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("key prints every Question ID's key and marks of a GE key PDF with Section and Marks columns", async () => {
    const { key } = loadFamilySet('ge-2025');
    const pdf = path.join(folder, 'ge-key.pdf');
    const rows = officialKeyRows('ge-2025');
    writeFileSync(pdf, await keyPdf({ layout: 'older', rows }));
    const result = await gate('key', pdf, '--paper', inSet('ge-2025', 'master.html'));
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      keys: key.keys,
      marks: Object.fromEntries(key.byQuestion.map((q) => [q.questionId, q.marks])),
      warnings: [],
      rows: rows.length,
      whole: true,
      unread: [],
    });
  });

  it("scores GE's optional parts exactly with GA Q8 printed MTA* and its footnote, as official keys print it", async () => {
    const { sheets } = loadFamilySet('ge-2025');
    const official = readFileSync(inSet('ge-2025', 'key-official.txt'), 'utf8');
    expect(official).toContain('| MTA |');
    const starred = path.join(folder, 'ge-key-mta-star.txt');
    writeFileSync(starred, `${official.replace('| MTA |', '| MTA* |')}\n* MTA = Marks to All\n`);
    for (const sheet of sheets.slice(0, 3)) {
      const result = await gate(
        'score',
        inSet('ge-2025', sheet.file),
        '--paper',
        inSet('ge-2025', 'master.html'),
        '--key',
        starred,
      );
      expect(result.stderr).toBe('');
      expectFamilyScorecard(JSON.parse(result.stdout) as SheetScorecard, sheet, true);
    }
  }, 60_000);

  it('score takes the official rows as the key and reads the chosen XE sections off the answers', async () => {
    const { sheets } = loadFamilySet('xe-2025');
    const sheet = sheets[0]!;
    const result = await gate(
      'score',
      inSet('xe-2025', sheet.file),
      '--paper',
      inSet('xe-2025', 'master.html'),
      '--key',
      inSet('xe-2025', 'key-official.txt'),
    );
    expect(result.stderr).toBe('');
    expectFamilyScorecard(JSON.parse(result.stdout) as SheetScorecard, sheet, true);
  });

  it('score asks which sections were chosen when three XE sections are answered, and scores with --sections', async () => {
    const refusal = loadFamilySet('xe-2025').refused.find((bad) => bad.file === 'bad/three-sections.html')!;
    const args = [
      'score',
      inSet('xe-2025', refusal.file),
      '--paper',
      inSet('xe-2025', 'master.html'),
      '--key',
      inSet('xe-2025', 'key-official.txt'),
    ];
    const asked = await gate(...args);
    expect(asked.code).toBe(1);
    expect(asked.stderr.trim()).toBe(`gate score: ${refusal.error.message} Answer with --sections B,C or B,D or C,D.`);
    const answered = await gate(...args, '--sections', refusal.afterChoice!.choice.join(','));
    expect(answered.stderr).toBe('');
    expectFamilyScorecard(JSON.parse(answered.stdout) as SheetScorecard, refusal.afterChoice!.expected, true);
  });
});
