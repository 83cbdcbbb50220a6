import { MIN_SESSION_RESULTS } from '../../../domain/gate/rank/gate-score/normalisation';
import type { Category } from '../../../domain/gate/rank/gate-score/gate-score';
import type { PredictionData } from '../../../lib/scorecard/types';
import { plural } from '../../../domain/words';
import { PROVENANCE_WORDS, RESULT_PROVENANCES, type ResultProvenance } from '../../../domain/gate/result-provenance';

/** Readable figures of the rank prediction; every field may be missing on older saved scorecards. */

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * One formatter for the page: `toLocaleString('en-IN')` builds a new one on every call, and on a throttled phone those
 * few calls cost the scorecard's first render tens of milliseconds.
 */
const indianWholeNumbers = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** 1234567 → '12,34,567' (Indian digit grouping, as the rank data and the candidates use). */
export const wholeNumber = (value: number) => indianWholeNumbers.format(Math.round(value));

export function predictedRankText(prediction: PredictionData | undefined): string {
  if (finite(prediction?.estimatedRank)) return wholeNumber(prediction.estimatedRank);
  return prediction?.rankBasis === 'results-here' ? 'Not estimated' : 'Not available yet';
}

/**
 * Why a paper has no rank estimate, under the headline: the fuller reason (which counts are missing) is in the score
 * inputs' card.
 */
export function noRankText(prediction: PredictionData | undefined): string | undefined {
  if (finite(prediction?.estimatedRank) || prediction?.rankBasis !== 'results-here') return undefined;
  const paper = prediction.rankedAs ?? 'this paper';
  return `GATE publishes no marks-to-rank data for ${paper}. Your rank among the results checked here stands instead.`;
}

export function rankRangeText(prediction: PredictionData | undefined): string | undefined {
  const [best, worst] = prediction?.rankRange ?? [];
  return finite(best) && finite(worst) ? `${wholeNumber(best)} – ${wholeNumber(worst)}` : undefined;
}

export const percentileText = (prediction: PredictionData | undefined) =>
  finite(prediction?.percentile) ? prediction.percentile.toFixed(2) : '--';

export const gateScoreText = (prediction: PredictionData | undefined) =>
  finite(prediction?.score) ? String(Math.round(prediction.score)) : '--';

/** 81.34 → '81.3': marks as the scorecard prints them. */
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/**
 * Where the rank model took an input it has no published value of the year for, in words; its `source` names them
 * for the rank README's readers. Undefined for a source it does not name (a scorecard saved by another version).
 */
function estimateSource(source: unknown): string | undefined {
  if (typeof source !== 'string') return undefined;
  const latest = /^published (\d{4}) \(latest known\)$/.exec(source);
  if (latest) return `GATE's ${latest[1]} figure, the latest published`;
  const mean = /^mean of published (\d{4})–(\d{4})$/.exec(source);
  if (mean) return `the mean of GATE's ${mean[1]}–${mean[2]} figures`;
  const crowd = /^crowd (?:fit|estimate) from (\d+) stored results$/.exec(source);
  if (crowd) return `read from the ${wholeNumber(Number(crowd[1]))} results checked here`;
  return undefined;
}

/** 'CS 2025 (none published for DA)': the top-0.1% mean of another paper, standing in for one GATE never published. */
const BORROWED = /^([A-Z]{2}) (\d{4}) \(none published for ([A-Z]{2})\)$/;

/**
 * Whether the GATE score is final: it needs the year's qualifying mark and top-0.1% mean, which GATE publishes with the
 * results. Until then the score rests on the model's estimates, and the scorecard says which, with what values and
 * where each comes from, so two papers given the same value (DA takes CS's top mean) say why.
 */
export function gateScoreBasisText(prediction: PredictionData | undefined): string | undefined {
  const inputs = prediction?.scoreInputs;
  const year = prediction?.year;
  if (!inputs || !finite(year) || !finite(prediction?.score)) return undefined;
  const awaited: string[] = [];
  const borrowed: string[] = [];
  // A scorecard saved on the device may hold any shape: an input without a value is left out.
  for (const [name, input] of [
    ['qualifying mark', inputs.qualifyingMarks],
    ['top-0.1% mean', inputs.topMean],
  ] as const) {
    if (!finite(input?.value) || input.source === `published ${year}`) continue;
    const value = oneDecimal(input.value);
    const other = BORROWED.exec(input.source);
    if (other) {
      borrowed.push(
        `GATE publishes no ${name} for ${other[3]}, so ${other[1]}'s ${other[2]} one (${value}) stands in.`,
      );
      continue;
    }
    const from = estimateSource(input.source);
    awaited.push(`${name} (${from ? `${value}, ${from}` : value})`);
  }
  const sentences = [
    ...(awaited.length > 0 ? [`Estimated until GATE publishes ${year}'s ${awaited.join(' and ')}.`] : []),
    ...(borrowed.length > 0 ? [`Estimated: ${borrowed.join(' ')}`] : []),
  ];
  return sentences.length > 0 ? sentences.join(' ') : undefined;
}

export interface QualifyingRow {
  category: string;
  qualifies: boolean;
  qualifyingMarks: number;
}

const CATEGORIES: Array<[Category, string]> = [
  ['general', 'General'],
  ['obcNclEws', 'OBC-NCL / EWS'],
  ['scStPwd', 'SC / ST / PwD'],
];

export function qualifyingRows(prediction: PredictionData | undefined): QualifyingRow[] {
  const qualifying = prediction?.qualifying;
  if (!qualifying) return [];
  return CATEGORIES.flatMap(([key, category]) => {
    const status = qualifying[key];
    return status ? [{ category, qualifies: status.qualifies, qualifyingMarks: status.qualifyingMarks }] : [];
  });
}

/** [2023, 2024, 2025] → '2023, 2024 and 2025'. */
function listed(values: readonly number[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;
}

/**
 * How the rank was estimated, in a candidate's words, from the model's fields (its `method` text is written for the
 * rank README's readers). It says whether the results checked here took part, so it agrees with the 'Rank among results
 * checked here' figure beside it: the model uses them only from MIN_SESSION_RESULTS per session on (sampleSize 0).
 * For DA, whose marks-to-rank data GATE does not publish, it names CS's, whose curves stand in.
 */
export function methodText(prediction: PredictionData | undefined): string | undefined {
  const appeared = prediction?.expectedAppeared?.value;
  if (!finite(appeared)) return undefined;
  const years = prediction?.historicalYears ?? [];
  const crowd = finite(prediction?.sampleSize) ? prediction.sampleSize : 0;
  const paper = prediction?.testPaper?.split(' ')[0];
  const curvesOf = prediction?.curvesOf;
  const data =
    curvesOf && paper && curvesOf !== paper
      ? `GATE's published marks-to-rank data of ${curvesOf} for ${listed(years)} (GATE publishes none for ${paper})`
      : `GATE's published marks-to-rank data for ${listed(years)}`;
  const sources = [
    ...(years.length > 0 ? [data] : []),
    ...(crowd > 0 ? [`${wholeNumber(crowd)} ${plural(crowd, 'result')} checked here`] : []),
  ];
  const crowdNote =
    crowd > 0 ? '' : ` Results checked here join the estimate once there are ${MIN_SESSION_RESULTS} for each session.`;
  return (
    `Estimated from ${sources.join(' and ')}, scaled to the latest published count of candidates ` +
    `(${wholeNumber(appeared)}).${crowdNote}`
  );
}

/**
 * Under the rank of a scorecard that is not one of the results checked here (an uploaded page, which anyone can edit):
 * it is ranked among them without being counted in them, so its 'of N' is one more than the results checked here that
 * the chart, the estimate and the session counts name, and the note says so in those words.
 */
export function uncountedNote(checkedHere: number): string {
  return (
    `Out of ${wholeNumber(checkedHere + 1)}: the ${wholeNumber(checkedHere)} ${plural(checkedHere, 'result')} checked ` +
    'here and your uploaded page, which is ranked among them but not counted in them.'
  );
}

const isProvenance = (value: unknown): value is ResultProvenance =>
  (RESULT_PROVENANCES as readonly unknown[]).includes(value);

/**
 * Where the scorecard's responses came from, in the candidate's words (the portal, an uploaded page, or one the portal
 * confirmed). Nothing for a scorecard saved on this device before the API said it, or holding anything else.
 */
export const provenanceText = (provenance: unknown): string | undefined =>
  isProvenance(provenance) ? PROVENANCE_WORDS[provenance] : undefined;
