import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../domain/gate/catalogue/catalogue';
import { SOURCE_IDS, SOURCE_NAMES, namedSources } from '../../../domain/gate/catalogue/source-names';
import { predictAnyPaper } from '../../../domain/gate/paper-prediction';
import { predict } from '../../../domain/gate/rank/prediction/predict';
import { RANK_DATA, SESSIONS_OF, yearsOf } from '../../../domain/gate/rank/published-data/data';
import type { PredictionData } from '../../../lib/scorecard/types';
import { scoreInputRows } from '../sections/sections-view';
import {
  gateScoreBasisText,
  methodText,
  noRankText,
  percentileText,
  predictedRankText,
  rankRangeText,
} from './prediction-view';

/** An id as the catalogue and the rank data write them: words and a year joined by hyphens ('careers360-qm-2025'). */
const ID_PATTERN = /\b[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\d{4}\b/;

/** Every text the rank card and the score inputs' card show of a prediction; a source only goes in a tooltip. */
function shownTexts(prediction: PredictionData): string[] {
  return [
    predictedRankText(prediction),
    noRankText(prediction),
    rankRangeText(prediction),
    percentileText(prediction),
    gateScoreBasisText(prediction),
    methodText(prediction),
    prediction.normalisationNote,
    prediction.rankMethod,
    ...(prediction.warnings ?? []),
    ...scoreInputRows(prediction).flatMap((row) => [row.label, row.value]),
  ].filter((text): text is string => typeof text === 'string');
}

/** Every paper as ranked (EE, GG1, XH-C3…) in every year the catalogue holds, and CS and DA through the rank model. */
function everyPrediction(): Array<[string, PredictionData]> {
  const catalogued = Object.entries(CATALOGUE.papers).flatMap(([code, paper]) =>
    Object.entries(paper.years).flatMap(([year, entry]) =>
      [...new Set([code, ...Object.keys(entry.results ?? {})])].map((rankedAs): [string, PredictionData] => [
        `${rankedAs} ${year}`,
        predictAnyPaper({ code, rankedAs, year: Number(year), session: code, marks: 40, marksBySession: {} }),
      ]),
    ),
  );
  const modelled = (['CS', 'DA'] as const).flatMap((paper) =>
    yearsOf(RANK_DATA, paper).flatMap(({ year }) =>
      SESSIONS_OF[paper].map((testPaper): [string, PredictionData] => [
        `${testPaper} ${year + 1}`,
        predict({ testPaper, marks: 40, year: year + 1 }),
      ]),
    ),
  );
  return [...catalogued, ...modelled];
}

describe('sources on the scorecard', () => {
  it('names every source of the catalogue as a reader knows it, never by its id', () => {
    expect(Object.keys(SOURCE_NAMES).sort()).toEqual([...SOURCE_IDS].sort());
    for (const name of Object.values(SOURCE_NAMES)) expect(name).not.toMatch(ID_PATTERN);
    expect(namedSources("XE's 2024 qualifying mark (collegedunia-qm-2024-more)")).toBe(
      "XE's 2024 qualifying mark (Collegedunia 2024)",
    );
    expect(namedSources('from 2 pairs (careers360-qm-2025, careers360-ews-2025, studygrades-2025)')).toBe(
      'from 2 pairs (Careers360 2025, StudyGrades 2025)',
    );
  });

  it('shows no internal id on the scorecard of any paper of the catalogue, nor of CS and DA', () => {
    const predictions = everyPrediction();
    expect(predictions.length).toBeGreaterThan(30);
    for (const [paper, prediction] of predictions) {
      for (const text of shownTexts(prediction)) {
        expect(text, paper).not.toMatch(ID_PATTERN);
        for (const id of SOURCE_IDS) expect(text, paper).not.toContain(id);
      }
    }
  });
});
