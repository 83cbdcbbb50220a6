import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { TEST_PAPER_LABELS } from '../../domain/gate';
import { keyVersionText } from '../../lib/scorecard/key-version-text';
import type { ScorecardData } from '../../lib/scorecard/types';
import { useAfterFirstPaint } from '../../lib/ui/use-after-first-paint';
import { Breakdowns } from './breakdown/Breakdowns';
import { QuestionBreakdown } from './breakdown/QuestionBreakdown';
import { RankPrediction } from './prediction/RankPrediction';
import { ScoreSummary } from './breakdown/ScoreSummary';
import { SectionsSummary } from './sections/SectionsSummary';
import { PaperScoreInputs } from './sections/PaperScoreInputs';
import { ScorecardMessage } from './loading/ScorecardMessage';
import { ScorecardSkeleton } from './loading/ScorecardSkeleton';
import { ScrollToTopButton } from '../../lib/ui/ScrollToTopButton';
import { marksText } from './breakdown/scorecard-view';
import { predictedRankText, provenanceText } from './prediction/prediction-view';
import { useScorecard } from './loading/use-scorecard';
import { KeyChanges } from './key-day/KeyChanges';
import { printScorecard } from './print/print-scorecard';
import { isRefreshable, type RefreshedScorecard } from './key-day/key-update';
import './scorecard.css';

const keyDay = () => import('./key-day/KeyDay');
const KeyUpdateNotice = lazy(() => keyDay().then((module) => ({ default: module.KeyUpdateNotice })));
const ScoreAlertSwitch = lazy(() => keyDay().then((module) => ({ default: module.ScoreAlertSwitch })));
// After GATE's results only: its form and the PDF reader load once the scorecard has painted.
const OfficialResult = lazy(() =>
  import('./official-result/OfficialResult').then((module) => ({ default: module.OfficialResult })),
);
// In the challenge window only, and it asks the server (or the device, offline): after the first paint too.
const Disputes = lazy(() => import('./disputes/Disputes').then((module) => ({ default: module.Disputes })));

function paperTitle(testPaper: string): string {
  const label = TEST_PAPER_LABELS[testPaper];
  return label ? `${testPaper} ${label}` : testPaper;
}

function Scorecard({ saved }: { saved: ScorecardData }) {
  useEffect(() => {
    // A User Timing mark, so render time shows in DevTools and in our e2e measurement.
    performance.mark('scorecard:rendered');
  }, []);
  // The answer-key parts ask the server, so they start once the scorecard is on screen (as the rank card's do).
  const painted = useAfterFirstPaint();
  const [refreshed, setRefreshed] = useState<RefreshedScorecard | null>(null);
  const data = refreshed?.data ?? saved;
  const changes = useMemo(() => new Map(refreshed?.changes.map((change) => [change.long_id, change])), [refreshed]);
  const candidate = [data.candidate?.name, data.candidate?.id].filter(Boolean).join(' · ');
  const provenance = provenanceText(data.provenance);
  return (
    <main className="page scorecard" id="main">
      <header className="scorecard__header">
        <h1>SCORECARD</h1>
        <p className="scorecard__paper">{paperTitle(data.testPaper)}</p>
        {candidate && <p className="scorecard__candidate">{candidate}</p>}
        {/* The two figures a candidate opens the page for, on the first screen of a phone too. */}
        <p className="scorecard__glance">
          <span>
            Total <strong>{marksText(data.totalScore['Total Marks'])}</strong> out of 100
          </span>
          <span>
            Predicted rank <strong>{predictedRankText(data.prediction_data)}</strong>
          </span>
        </p>
        <button type="button" className="button scorecard__print" onClick={() => void printScorecard()}>
          Print / Save as PDF
        </button>
        {data.keyVersion && <p className="scorecard__key">Answer key: {keyVersionText(data.keyVersion)}</p>}
        {provenance && <p className="scorecard__provenance">{provenance}</p>}
      </header>
      {refreshed && <KeyChanges refreshed={refreshed} />}
      {painted && isRefreshable(data) && !data.openedByAdmin && (
        <Suspense fallback={null}>
          <KeyUpdateNotice data={data} onRefreshed={setRefreshed} />
          <ScoreAlertSwitch resultId={data.resultId} />
        </Suspense>
      )}
      <div className="scorecard__overview">
        <ScoreSummary data={data} />
        <RankPrediction data={data} />
        <SectionsSummary data={data} />
        <PaperScoreInputs data={data} />
      </div>
      {painted && isRefreshable(data) && !data.openedByAdmin && (
        <Suspense fallback={null}>
          <Disputes resultId={data.resultId} keyVersion={data.keyVersion?.version} />
          <OfficialResult resultId={data.resultId} />
        </Suspense>
      )}
      <Breakdowns questions={data.response} />
      <QuestionBreakdown questions={data.response} changes={changes} />
      <p className="scorecard__footer">Total score is {marksText(data.totalScore['Total Marks'])} out of 100</p>
      <ScrollToTopButton>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M12 19V5M5 12l7-7 7 7" stroke="currentColor" strokeWidth="2.4" fill="none" strokeLinecap="round" />
        </svg>
      </ScrollToTopButton>
    </main>
  );
}

/** /scorecard: the skeleton until data exists, then the scorecard; or a message with a next step, never endless. */
export function ScorecardPage() {
  const state = useScorecard();
  if (state.status === 'ready') return <Scorecard saved={state.data} />;
  if (state.status === 'problem') return <ScorecardMessage problem={state.problem} />;
  return <ScorecardSkeleton />;
}
