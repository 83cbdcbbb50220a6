import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { RankTestPaper } from '../../src/domain/gate/rank/published-data/data';
import type { CrowdInput } from '../../src/domain/gate/rank/prediction/predict';
import { predict } from '../../src/domain/gate/rank/prediction/predict';

const PAPERS: readonly RankTestPaper[] = ['CS 1', 'CS 2', 'DA'];

export const PREDICT_USAGE = `predict --paper "CS 1"|"CS 2"|DA --marks <marks> [--year <exam year>] [--as-of-year <year>] [--appeared <count>] [--crowd <file>]
    --as-of-year  backtest: predict that year from the data of earlier years only
    --appeared    the expected number of candidates who appeared
    --crowd       a JSON file {"marksBySession": {"CS 1": [raw marks…], "CS 2": […]}} (or {"DA": […]}), used as stored results
    Negative marks go after an equals sign: --marks=-5`;

export class UsageError extends Error {}

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed))
    throw new UsageError(`--${name} must be a number, not "${value}".`);
  return parsed;
}

/** Reads a crowd file: every session a list of finite raw marks, sessions only of the paper asked for. */
async function readCrowd(file: string, paper: RankTestPaper): Promise<CrowdInput> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--crowd ${file}: ${(error as Error).message}`);
  }
  const sessions = (parsed as { marksBySession?: unknown } | null)?.marksBySession;
  if (typeof sessions !== 'object' || sessions === null) {
    throw new UsageError(`--crowd ${file} must hold {"marksBySession": {"<session>": [marks…]}}.`);
  }
  const allowed: readonly string[] = paper === 'DA' ? ['DA'] : ['CS 1', 'CS 2'];
  for (const [session, marks] of Object.entries(sessions)) {
    if (!allowed.includes(session)) throw new UsageError(`--crowd: "${session}" is not a session of ${paper}.`);
    if (!Array.isArray(marks) || !marks.every((m) => typeof m === 'number' && Number.isFinite(m))) {
      throw new UsageError(`--crowd: "${session}" must be a list of numbers.`);
    }
  }
  return { marksBySession: sessions };
}

/** `npm run gate -- predict --paper "CS 1" --marks 60 …` → the prediction, ready for JSON. */
export async function predictCommand(argv: string[]): Promise<unknown> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        paper: { type: 'string' },
        marks: { type: 'string' },
        year: { type: 'string' },
        'as-of-year': { type: 'string' },
        appeared: { type: 'string' },
        crowd: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const paper = PAPERS.find((p) => p.replace(' ', '') === values.paper?.replace(/\s+/g, '').toUpperCase());
  if (!paper) throw new UsageError(`--paper must be one of ${PAPERS.join(', ')}.`);
  const marks = number('marks', values.marks);
  if (marks === undefined) throw new UsageError('--marks is required.');
  const appeared = number('appeared', values.appeared);
  if (appeared !== undefined && (!Number.isInteger(appeared) || appeared < 1)) {
    throw new UsageError('--appeared must be a positive whole number.');
  }
  return predict({
    testPaper: paper,
    marks,
    year: number('year', values.year),
    asOfYear: number('as-of-year', values['as-of-year']),
    appeared,
    crowd: values.crowd === undefined ? undefined : await readCrowd(values.crowd, paper),
  });
}
