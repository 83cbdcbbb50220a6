import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Tests wait for what they expect, never for a fixed time, and a unit or integration test asserts what a user meets,
 * never how long something took by the wall clock: a fixed sleep is too short on a busy machine and wasted on an idle
 * one, and a margin on elapsed time measures the machine. test/support/eventually.ts waits for a thing; fake timers
 * (vi.useFakeTimers) make time exact. The e2e lane measures what a person waits for in a real browser, alone on the
 * machine, so only its sleeps are looked at.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const thisFile = path.relative(repoRoot, fileURLToPath(import.meta.url));
/** The one place that reads the clock to wait: the helper every other wait goes through. */
const EVENTUALLY = 'test/support/eventually.ts';

/**
 * Waits kept, each for its reason: what it waits out has no event to wait for. `text` is part of the line, so an
 * entry follows its wait when lines move and fails when the wait is gone.
 */
const ALLOWED: ReadonlyArray<{ file: string; text: string; why: string }> = [
  {
    file: 'test/integration/store-outage.test.ts',
    text: 'setTimeout(resolve, 1_500)',
    why: 'the outage itself: MongoDB stays frozen past a store deadline (MONGODB_DEADLINES.operationMs) and the probe interval (PROBE_INTERVAL_MS, api/store/deadlines.ts)',
  },
  {
    file: 'test/e2e/every-paper.e2e.ts',
    text: 'setTimeout(resolve, PAPER_FRESH_MS)',
    why: 'a key stored behind the running server reaches its checks within PAPER_FRESH_MS (api/papers/keyed-papers.ts)',
  },
  {
    file: 'test/e2e/policy.e2e.ts',
    text: 'setTimeout(resolve, 100)',
    why: 'in the page: an injected script gets its chance to run before the test says it did not',
  },
  {
    file: 'test/e2e/pwa.e2e.ts',
    text: 'setTimeout(resolve, 20)',
    why: 'in the page: scrolls at a reader’s pace so lazy images start; the test then waits for every image',
  },
  {
    file: 'test/e2e/pwa.e2e.ts',
    text: 'setTimeout(resolve, random() * 40)',
    why: 'the stress test’s input: the network flips at random moments of a save',
  },
  {
    file: 'test/e2e/pwa.e2e.ts',
    text: 'setTimeout(resolve, 1000)',
    why: 'no second copy of a save from the service worker: nothing tells that none is coming',
  },
  {
    file: 'test/e2e/pwa.e2e.ts',
    text: 'page.waitForTimeout(1500)',
    why: 'offline for a while: nothing reaches the server meanwhile',
  },
  {
    file: 'test/e2e/pwa.e2e.ts',
    text: 'again.waitForTimeout(1000)',
    why: 'no save sent a second time after Background Sync',
  },
  {
    file: 'test/e2e/pwa.e2e.ts',
    text: 'page.waitForTimeout(1000)',
    why: 'no save replayed a second time when the network returns',
  },
  {
    file: 'test/e2e/pwa.e2e.ts',
    text: 'page.waitForTimeout(500)',
    why: 'no late save after the stress test’s last one',
  },
  {
    file: 'test/e2e/auth.e2e.ts',
    text: 'page.waitForTimeout(300)',
    why: 'the session-expired toast does not come back after a reload',
  },
  {
    file: 'test/e2e/auth.e2e.ts',
    text: 'page.waitForTimeout(5500)',
    why: 'the wrong-password toast still shows 5.5 s on, within its 8 s',
  },
];

/** A sleep: a promise resolved by a timer, Playwright's fixed wait, or node's promise timers. */
const TIMER_RESOLVES = /\bsetTimeout\(\s*[A-Za-z_$][\w$]*\s*,/;
const FIXED_WAIT = /\.waitForTimeout\(|['"](?:node:)?timers\/promises['"]/;
/** The time elapsed since a moment read from the wall clock, and a comparison with a threshold. */
const ELAPSED = /\b(?:Date\.now|performance\.now|process\.hrtime(?:\.bigint)?)\(\)\s*-\s*[A-Za-z_$(]/;
const THRESHOLD = /\.toBe(?:Less|Greater)Than(?:OrEqual)?\(|\s[<>]=?\s/;
/** How far an elapsed time is followed to its comparison. */
const ELAPSED_LINES = 5;

export interface WallClockUse {
  line: number;
  kind: 'sleep' | 'elapsed';
  text: string;
}

/** Each fixed sleep in `source`, and with `elapsed`, each elapsed wall-clock time compared with a threshold. */
export function wallClockUses(source: string, { elapsed }: { elapsed: boolean }): WallClockUse[] {
  const lines = source.split('\n');
  return lines.flatMap((text, index): WallClockUse[] => {
    const before = lines.slice(Math.max(0, index - 2), index + 1).join('\n');
    const after = lines.slice(index, index + 1 + ELAPSED_LINES).join('\n');
    const uses: WallClockUse[] = [];
    if ((TIMER_RESOLVES.test(text) && /\bnew Promise\b/.test(before)) || FIXED_WAIT.test(text)) {
      uses.push({ line: index + 1, kind: 'sleep', text: text.trim() });
    }
    if (elapsed && ELAPSED.test(text) && THRESHOLD.test(after)) {
      uses.push({ line: index + 1, kind: 'elapsed', text: text.trim() });
    }
    return uses;
  });
}

/** Tests of the unit lane (vitest.config.ts) and the helpers they share; e2e journeys and theirs. */
function testFiles(): Array<{ file: string; elapsed: boolean }> {
  const under = (folder: string, isTest: (file: string) => boolean) =>
    readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(?:[cm]?[jt]sx?)$/.test(file) && isTest(file))
      .map((file) => path.join(folder, file));
  const named = (file: string) => /\.test\.tsx?$/.test(file);
  const unit = [
    ...under('api', named),
    ...under('src', named),
    ...['test/integration', 'test/repository', 'test/support'].flatMap((folder) => under(folder, () => true)),
  ];
  return [
    ...unit.map((file) => ({ file, elapsed: true })),
    ...under('test/e2e', () => true).map((file) => ({ file, elapsed: false })),
  ].filter(({ file }) => file !== thisFile && file !== EVENTUALLY);
}

describe('tests and the wall clock', () => {
  it('finds a fixed sleep and an elapsed time compared with a threshold however they are written', () => {
    const probe = [
      'await new Promise((resolve) => setTimeout(resolve, 300));',
      'await new Promise<void>((resolve) => {',
      '  setTimeout(resolve, 200);',
      '});',
      'await page.waitForTimeout(500);',
      "import { setTimeout as sleep } from 'node:timers/promises';",
      // Joined at run time, so no scanner of the repository takes the probe itself for a timed test.
      ['expect(Date', 'now() - started)', 'toBeLessThan(3_000);'].join('.'),
      'const ms = performance.now() - started;',
      'expect(response.status).toBe(504);',
      'expect(ms < 500).toBe(true);',
      // Not a sleep, not an elapsed time: a fixture that answers late, a fake clock moved on, a timestamp.
      "fixtures.route('/slow', (_req, res) => setTimeout(() => res.end(''), 5_000));",
      'vi.setSystemTime(Date.now() + 60_000);',
      'expect(session.startedAt).toBeGreaterThan(Date.now() - 60_000);',
    ].join('\n');
    expect(wallClockUses(probe, { elapsed: true }).map(({ line, kind }) => `${line} ${kind}`)).toEqual([
      '1 sleep',
      '3 sleep',
      '5 sleep',
      '6 sleep',
      '7 elapsed',
      '8 elapsed',
    ]);
    expect(wallClockUses(probe, { elapsed: false }).map(({ kind }) => kind)).not.toContain('elapsed');
  });

  it('keeps every test to eventually() and fake timers, but for the waits allowed with their reasons', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    const uses = files.flatMap(({ file, elapsed }) =>
      wallClockUses(readFileSync(path.join(repoRoot, file), 'utf8'), { elapsed }).map((use) => ({ file, ...use })),
    );
    const allowedFor = (use: { file: string; text: string }) =>
      ALLOWED.find((allowed) => allowed.file === use.file && use.text.includes(allowed.text));
    expect(
      uses.filter((use) => !allowedFor(use)).map(({ file, line, kind, text }) => `${file}:${line} ${kind}: ${text}`),
    ).toEqual([]);
    // An allowance outlives its wait only by mistake.
    expect(ALLOWED.filter((allowed) => !uses.some((use) => allowedFor(use) === allowed))).toEqual([]);
  });
});
