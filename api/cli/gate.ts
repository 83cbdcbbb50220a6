import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  buildPaper,
  importFixtureKey,
  importOfficialKey,
  isSectionChoiceError,
  keyDocumentVersion,
  officialRowsOfPdf,
  pdfLines,
  officialRowsOfText,
  parseResponseSheet,
  readOfficialKey,
  scoreSheet,
  withKeyMarks,
  type BuiltPaper,
  type KeysByLongId,
} from '../../src/domain/gate';
import { PREDICT_USAGE, UsageError, predictCommand } from './predict-command';

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
    'score <sheet file or URL> --paper <master sheet file or URL> --key <key.json or official key text> [--mta all|attempted] [--sections <chosen sections, e.g. B,C>] [--partial]',
    {
      paper: { type: 'string' },
      key: { type: 'string' },
      mta: { type: 'string', default: 'all' },
      sections: { type: 'string' },
      partial: { type: 'boolean', default: false },
    },
    async ([sheetSource], { paper: paperSource, key: keySource, mta, sections, partial }) => {
      if (!sheetSource || typeof paperSource !== 'string' || typeof keySource !== 'string') {
        throw new UsageError('score needs a sheet, --paper and --key');
      }
      if (mta !== 'all' && mta !== 'attempted') throw new UsageError('--mta must be all or attempted');
      const built = await readPaper(paperSource);
      const { keys, marks } = await readKeys(keySource, built, partial === true);
      // Like the API (409 KEY_INCOMPLETE), a key without every question of the paper gives no total, unless asked.
      const unkeyed = built.questions.filter((question) => !(question.long_id in keys));
      if (unkeyed.length && partial !== true)
        throw new Error(`${incompleteKey(built, unkeyed)} Score with --partial for a partial score.`);
      // The official key's Marks column counts over the marks the paper was built with.
      const paper = marks ? withKeyMarks(built, marks) : built;
      const sheet = parseResponseSheet(await readSource(sheetSource));
      const chosen = typeof sections === 'string' ? sections.split(/[\s,]+/).filter(Boolean) : undefined;
      try {
        const score = scoreSheet(sheet, paper, keys, { rules: { mta }, chosenSections: chosen });
        return unkeyed.length ? { partial: `PARTIAL SCORE: ${incompleteKey(built, unkeyed)}`, ...score } : score;
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
      const { rows, lines } = await readOfficialRows(keySource, paper);
      const { keys, warnings, marks, whole, unread } = readOfficialKey(rows, paper.questions, paper.sections);
      const version = keyDocumentVersion(lines);
      // Every row is accounted for: read into `keys`, or in `unread` verbatim with its reasons.
      const accounted = {
        rows: rows.length,
        whole,
        unread: unread.map((row) => ({ row: row.line, problems: row.problems })),
        ...(version.status ? { version } : {}),
      };
      // A paper with parts also prints each question's marks as the key's Marks column gives them.
      return marks ? { keys, marks, warnings, ...accounted } : { keys, warnings, ...accounted };
    },
  ),
  predict: { usage: PREDICT_USAGE, run: predictCommand },
};

/**
 * The rows of an official key for these questions (its PDF as published, or rows copied from it as text), and the
 * document's lines (what it says of itself: provisional or final, a date).
 */
async function readOfficialRows(source: string, paper: BuiltPaper) {
  const data = await readBytes(source);
  const { isPdf, pdfTextPages } = await import('./node-pdf-text');
  const pages = isPdf(data) ? await pdfTextPages(data, paper) : undefined;
  const lines = pages ? pdfLines(pages) : data.toString('utf8').split(/\r?\n/);
  const rows = pages ? officialRowsOfPdf(pages) : officialRowsOfText(data.toString('utf8'));
  if (rows.length === 0) throw new Error(`${source} has no answer-key rows (rows like "23 MSQ DA A;B;C")`);
  return { rows, lines };
}

/** 'The key has no answer for Q12, Q40 (2 of 65 questions).' ('GE-B Q3' on a paper with parts). */
function incompleteKey(paper: BuiltPaper, unkeyed: BuiltPaper['questions']): string {
  const names = unkeyed.map((question) =>
    paper.sections ? `${question.section ?? ''} Q${question.short_id}`.trim() : `Q${question.short_id}`,
  );
  return `The key has no answer for ${names.join(', ')} (${unkeyed.length} question${unkeyed.length === 1 ? '' : 's'}).`;
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
  partial: boolean,
): Promise<{ keys: KeysByLongId; marks?: Record<string, number> }> {
  const text = await readSource(source);
  if (!source.toLowerCase().endsWith('.json')) {
    const imported = importOfficialKey(text, paper.questions, paper.sections, { partial });
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
