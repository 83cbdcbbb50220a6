import { parseArgs } from 'node:util';
import type { RankTestPaper } from '../../src/domain/gate/rank/data';
import { predict } from '../../src/domain/gate/rank/predict';

const PAPERS: readonly RankTestPaper[] = ['CS 1', 'CS 2', 'DA'];

export const PREDICT_USAGE = `predict --paper "CS 1"|"CS 2"|DA --marks <marks> [--year <exam year>] [--as-of-year <year>] [--appeared <count>]
    --as-of-year  backtest: predict that year from the data of earlier years only
    --appeared    the expected number of candidates who appeared
    Negative marks go after an equals sign: --marks=-5`;

export class UsageError extends Error {}

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed))
    throw new UsageError(`--${name} must be a number, not "${value}".`);
  return parsed;
}

/** `npm run gate -- predict --paper "CS 1" --marks 60 …` → the prediction, ready for JSON. */
// eslint-disable-next-line @typescript-eslint/require-await -- every command answers with a promise: a usage error is a rejection, as the other commands' are
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
  });
}
