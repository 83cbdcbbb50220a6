import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  buildPaper,
  importFixtureKey,
  importOfficialKey,
  isSectionChoiceError,
  officialRowsOfPdf,
  officialRowsOfText,
  parseResponseSheet,
  readOfficialKey,
  scoreSheet,
  withKeyMarks,
  type BuiltPaper,
  type KeysByLongId,
} from '../../src/domain/gate';
import { PREDICT_USAGE, UsageError, predictCommand } from './predict';

/**
 * The GATE engine on the command line, for admins and tests. Each subcommand reads its inputs, prints one JSON
 * document on stdout and nothing else; a failure prints one line on stderr and exits 1.
 */
type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];
type Values = Record<string, string | boolean | undefined>;

interface Subcommand {
  usage: string;
  run(args: string[]): Promise<unknown>;
}

/** A subcommand whose arguments are a few positionals and named options. */
function withOptions(
  usage: string,
  options: Options,
  run: (positionals: string[], values: Values) => Promise<unknown>,
): Subcommand {
  return {
    usage,
    run(args) {
      const { positionals, values } = parseArgs({ args, options, allowPositionals: true });
      return run(positionals, values);
    },
  };
}

const subcommands: Record<string, Subcommand> = {
  score: withOptions(
    'score <sheet file or URL> --paper <master sheet file or URL> --key <key.json or official key text> [--mta all|attempted] [--sections <chosen sections, e.g. B,C>]',
    {
      paper: { type: 'string' },
      key: { type: 'string' },
      mta: { type: 'string', default: 'all' },
      sections: { type: 'string' },
    },
    async ([sheetSource], { paper: paperSource, key: keySource, mta, sections }) => {
      if (!sheetSource || typeof paperSource !== 'string' || typeof keySource !== 'string') {
        throw new UsageError('score needs a sheet, --paper and --key');
      }
      if (mta !== 'all' && mta !== 'attempted') throw new UsageError('--mta must be all or attempted');
      const built = await readPaper(paperSource);
      const { keys, marks } = await readKeys(keySource, built);
      // The official key's Marks column counts over the marks the paper was built with.
      const paper = marks ? withKeyMarks(built, marks) : built;
      const sheet = parseResponseSheet(await readSource(sheetSource));
      const chosen = typeof sections === 'string' ? sections.split(/[\s,]+/).filter(Boolean) : undefined;
      try {
        return scoreSheet(sheet, paper, keys, { mta }, chosen);
      } catch (error) {
        if (!isSectionChoiceError(error)) throw error;
        const choices = error.question.choices.map((choice) => choice.join(',')).join(' or ');
        throw new Error(`${error.message} Answer with --sections ${choices}.`, { cause: error });
      }
    },
  ),
  paper: withOptions(
    'paper <master sheet file or URL> [--name <paper name>]',
    { name: { type: 'string' } },
    async ([source], { name }) => {
      if (!source) throw new UsageError('paper needs a master sheet');
      return readPaper(source, typeof name === 'string' ? name : undefined);
    },
  ),
  key: withOptions(
    'key <official key PDF or rows file> --paper <master sheet file or URL>',
    { paper: { type: 'string' } },
    async ([keySource], { paper: paperSource }) => {
      if (!keySource || typeof paperSource !== 'string') throw new UsageError('key needs a key file and --paper');
      const paper = await readPaper(paperSource);
      const { keys, warnings, marks } = readOfficialKey(
        await readOfficialRows(keySource, paper),
        paper.questions,
        paper.sections,
      );
      // A paper with parts also prints each question's marks as the key's Marks column gives them.
      return marks ? { keys, marks, warnings } : { keys, warnings };
    },
  ),
  predict: { usage: PREDICT_USAGE, run: predictCommand },
};

/** The rows of an official key for these questions: its PDF as published, or rows copied from it as text. */
async function readOfficialRows(source: string, paper: BuiltPaper) {
  const data = await readBytes(source);
  const { isPdf, pdfTextPages } = await import('./pdf-text');
  const rows = isPdf(data)
    ? officialRowsOfPdf(await pdfTextPages(data, paper))
    : officialRowsOfText(data.toString('utf8'));
  if (rows.length === 0) throw new Error(`${source} has no answer-key rows (rows like "23 MSQ DA A;B;C")`);
  return rows;
}

/** A file path, or an http(s) URL fetched once (the portal gzips; fetch decodes it). */
async function readBytes(source: string): Promise<Buffer> {
  if (!/^https?:\/\//i.test(source)) return readFile(source);
  const response = await fetch(source, { redirect: 'follow', signal: AbortSignal.timeout(20_000) });
  if (!response.ok) throw new Error(`${source} answered HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function readSource(source: string): Promise<string> {
  return (await readBytes(source)).toString('utf8');
}

async function readPaper(source: string, name?: string): Promise<BuiltPaper> {
  const paper = buildPaper(parseResponseSheet(await readSource(source)), name);
  for (const warning of paper.warnings) process.stderr.write(`warning: ${warning}\n`);
  return paper;
}

async function readKeys(
  source: string,
  paper: BuiltPaper,
): Promise<{ keys: KeysByLongId; marks?: Record<string, number> }> {
  const text = await readSource(source);
  if (!source.toLowerCase().endsWith('.json')) {
    const imported = importOfficialKey(text, paper.questions, paper.sections);
    for (const warning of imported.warnings) process.stderr.write(`warning: ${warning}\n`);
    return imported;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${source} is not valid JSON`);
  }
  return { keys: importFixtureKey(json) };
}

function usage(): string {
  return ['Usage: npm run --silent gate -- <command> …', ...Object.values(subcommands).map((c) => `  ${c.usage}`)].join(
    '\n',
  );
}

async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  const subcommand = name ? subcommands[name] : undefined;
  if (!subcommand) {
    console.error(usage());
    return 1;
  }
  try {
    const result = await subcommand.run(rest);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `gate ${name}: ${reason.replace(/\s*\n\s*/g, ' ')}${error instanceof UsageError ? `\n${usage()}` : ''}`,
    );
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
