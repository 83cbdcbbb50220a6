import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web app decides on an answer's code, never on its message text (docs/api-codes.md): lint refuses a comparison
 * of a message, and no file of src/ makes one.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'no-restricted-syntax';

const BREACHES = [
  "if (error instanceof ApiError && error.message === 'Link is already verified.') done();",
  'if (answer.message !== VERIFY_EMAIL_MESSAGE) done();',
  '{ const { message } = answer; if (message === VERIFY_EMAIL_MESSAGE) done(); }',
  "if (error.message.includes('Verify')) done();",
  "if ((error as Error).message.startsWith('Please')) done();",
  'if (/verify/i.test(error.message)) done();',
  "switch (error.message) { case 'Link is already verified.': done(); }",
];

const PREAMBLE = [
  "import { ApiError } from '../../lib/api';",
  "const VERIFY_EMAIL_MESSAGE = 'Please Verify Your Email';",
  'declare const error: ApiError;',
  'declare const answer: { message?: string };',
  'declare function done(): void;',
].join('\n');

/** Lints a probe written where a feature's module would be, with the project's own configuration: the lines refused. */
async function refusedLines(source: string): Promise<number[]> {
  const probe = path.join(repoRoot, 'src/features/checker/message-text-probe.ts');
  writeFileSync(probe, `${PREAMBLE}\n${source}\nexport {};\n`);
  try {
    const [result] = await new ESLint({ cwd: repoRoot }).lintFiles([probe]);
    const refused = (result?.messages ?? []).filter((message) => message.ruleId === RULE);
    expect(refused.map((message) => message.message)).toEqual(
      refused.map(() => expect.stringMatching(/answer's code/) as unknown),
    );
    return [...new Set(refused.map((message) => message.line - PREAMBLE.split('\n').length))].sort((a, b) => a - b);
  } finally {
    rmSync(probe, { force: true });
  }
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file))
    .filter((file) => !file.startsWith(path.join('src', 'domain')));
}

describe('decisions on message text', () => {
  it('are refused by lint in the web app, each way of writing one', async () => {
    // One breach a line: every line must be refused.
    expect(await refusedLines(BREACHES.join('\n'))).toEqual(BREACHES.map((_, index) => index + 1));
    // Deciding on the code is what the rule asks for.
    expect(await refusedLines("if (error.code === 'ALREADY_VERIFIED') done();")).toEqual([]);
  }, 120_000);

  it('are made nowhere in src/', async () => {
    const config = (await new ESLint({ cwd: repoRoot }).calculateConfigForFile('src/features/checker/probe.ts')) as {
      rules: Record<string, Linter.RuleEntry>;
    };
    const rule = config.rules[RULE];
    expect(rule).toBeDefined();
    const linter = new Linter();
    const only = [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, rules: { [RULE]: rule } }];
    const breaches = sourceFiles('src').flatMap((file) =>
      linter
        .verify(readFileSync(path.join(repoRoot, file), 'utf8'), only, file)
        .filter((message) => message.ruleId === RULE)
        .map((message) => `${file}:${message.line} ${message.message}`),
    );
    expect(breaches).toEqual([]);
  }, 60_000);
});
