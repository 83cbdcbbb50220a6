import { normalisedMarks, paperScore, type PaperScoreInputs, type Provenance } from './catalogue/score-inputs';
import type { NormalisationMethod } from './rank/gate-score/normalisation';
import { ANCHOR_SPREAD, rankFromAnchors, usableAnchors, type RankAnchors } from './rank/prediction/anchors';
import type { Category, CategoryStatus } from './rank/gate-score/gate-score';

/**
 * The prediction for a paper the rank model has no marks→rank data for (every paper but CS and DA): normalised marks
 * by the official formula where the paper had sessions, the GATE score and qualifying status from the paper's own
 * inputs (each published, derived or estimated), and a field rank only where the anchors for it were published.
 * Otherwise the scorecard shows the rank among results checked here, and `warnings` says why there is no field rank.
 */
export interface PaperPrediction {
  /** The paper as ranked: EE, CE, GG1, XH-C3… */
  rankedAs: string;
  year: number;
  marks: number;
  normMarks: number;
  normalisation: NormalisationMethod;
  normalisationNote: string;
  score: number | null;
  /** The least certain input the score used. */
  scoreKind: Provenance | null;
  /** Qualifying status by category, and where the general qualifying mark comes from. */
  qualifying: (Record<Category, CategoryStatus> & { source: string }) | null;
  /** Every input of the score and the rank, each saying where it comes from, and what is missing. */
  paperScore: PaperScoreInputs;
  estimatedRank: number | null;
  rankRange?: [number, number];
  percentile?: number;
  /** 'anchors': a field rank from the published counts; 'results-here': only the rank among results checked here. */
  rankBasis: 'anchors' | 'results-here';
  /** How the field rank was made, or why there is none (said once, here; not among the warnings). */
  rankMethod: string;
  /** What is not published about the score's inputs (`paperScore.notes`). */
  warnings: string[];
}

export interface AnyPaperInput {
  /** The catalogue's code: CE, GG, XH. */
  code: string;
  /** The paper as ranked: the code, or GG1/GG2 for GG's choices. */
  rankedAs: string;
  year: number;
  /** The candidate's session among `marksBySession`'s keys ('CE 1'). */
  session: string;
  marks: number;
  /** Each session's raw marks of the results stored here (ascending lists are read as they are). */
  marksBySession: Readonly<Record<string, readonly number[]>>;
}

const wholeNumber = (value: number) => Math.round(value).toLocaleString('en-IN');

/** The anchors of a field rank: appeared and qualified as published, the published qualifying mark, and any M̄t. */
function anchorsOf(inputs: PaperScoreInputs): RankAnchors | null {
  const { appeared, qualified, qualifyingMarks, topMean } = inputs;
  const general = qualifyingMarks?.general;
  if (!appeared || !qualified || !topMean || general?.kind !== 'published') return null;
  const anchors = {
    appeared: appeared.value,
    qualified: qualified.value,
    qualifyingMarks: general.value,
    topMean: topMean.value,
  };
  return usableAnchors(anchors) ? anchors : null;
}

/** What a field rank would need and the catalogue does not hold, in the candidate's words. */
function missingAnchors(inputs: PaperScoreInputs): string[] {
  return [
    !inputs.appeared && 'how many appeared',
    !inputs.qualified && 'how many qualified',
    inputs.qualifyingMarks?.general.kind !== 'published' && "the year's qualifying mark",
    !inputs.topMean && 'the top-0.1% mean',
  ].filter((missing): missing is string => typeof missing === 'string');
}

function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function predictAnyPaper(input: AnyPaperInput): PaperPrediction {
  const { code, rankedAs, year, session, marks, marksBySession } = input;
  const normalised = normalisedMarks(code, year, session, marks, marksBySession);
  const { score, kind, qualifying, inputs } = paperScore(normalised.normMarks, rankedAs, year);
  const base = {
    rankedAs,
    year,
    marks,
    normMarks: normalised.normMarks,
    normalisation: normalised.method,
    normalisationNote: normalised.note,
    score,
    scoreKind: kind,
    qualifying: qualifying &&
      inputs.qualifyingMarks && { ...qualifying, source: inputs.qualifyingMarks.general.source },
    paperScore: inputs,
  };
  const anchors = anchorsOf(inputs);
  if (!anchors) {
    const missing = missingAnchors(inputs);
    const why = `No all-India rank can be estimated for GATE ${year} ${rankedAs}: GATE publishes no marks-to-rank data for it, and ${listed(missing)} ${missing.length > 1 ? 'are' : 'is'} not known. Your rank among the results checked here stands instead.`;
    return {
      ...base,
      estimatedRank: null,
      rankBasis: 'results-here',
      rankMethod: why,
      warnings: inputs.notes,
    };
  }
  const rank = rankFromAnchors(normalised.normMarks, anchors);
  const method =
    `Estimated from GATE ${year}'s published counts for ${rankedAs} (${wholeNumber(anchors.appeared)} appeared, ` +
    `${wholeNumber(anchors.qualified)} qualified at ${anchors.qualifyingMarks}) and its top-0.1% mean ` +
    `(${anchors.topMean}, ${inputs.topMean!.kind}). The range, ×/÷ ${Math.exp(ANCHOR_SPREAD).toFixed(1)}, is as wide ` +
    'as the same estimate needed on CS, where published ranks can check it.';
  return {
    ...base,
    estimatedRank: rank.estimate,
    rankRange: rank.range,
    percentile: Math.round(10_000 * (1 - rank.estimate / anchors.appeared)) / 100,
    rankBasis: 'anchors',
    rankMethod: method,
    warnings: inputs.notes,
  };
}
