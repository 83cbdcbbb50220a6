import {
  changedQuestions,
  scoreResponses,
  type PaperQuestion as EnginePaperQuestion,
  type TestPaper,
} from '../../../src/domain/gate';
import type { KeyVersion, Question, Result, ScoreAlert, Store } from '../../store';
import { recordedKeyVersion, stampOf } from '../key-versions/key-versions';
import type { Crowd } from '../checker/crowd';
import { renderScoreChangeMail } from './score-change-mail';
import { signUnsubscribeToken } from './unsubscribe-token';

export interface PlannerOptions {
  appOrigin: string;
  secret: string;
  /** How long a paper's key must stay as it is before its mails are planned. */
  quietMs: number;
}

/** The page a mail's unsubscribe link opens (it asks the API once the page is open, so link scanners stop nothing). */
export function unsubscribeAddresses(appOrigin: string, secret: string, alert: Pick<ScoreAlert, 'resultId' | 'email'>) {
  const query = new URLSearchParams({
    alert: alert.resultId,
    token: signUnsubscribeToken(secret, alert.resultId, alert.email),
  });
  return {
    page: `${appOrigin}/score-alerts/unsubscribe?${query}`,
    oneClick: `${appOrigin}/api/data/score-alerts/unsubscribe?${query}`,
  };
}

export function scorecardAddress(appOrigin: string, link: string, email: string): string {
  return `${appOrigin}/scorecard?${new URLSearchParams({ link, email })}`;
}

const enginePaper = (paper: readonly Question[]) => ({
  testPaper: null,
  questions: paper.map((question): EnginePaperQuestion => ({ ...question, short_id: String(question.short_id) })),
});

/**
 * Plans the score-change mails of a paper's key version once the key has settled: every candidate with an alert on
 * whose re-scored total differs from the total they last heard of gets one queued mail telling old and new total,
 * the questions behind the change, the new predicted rank and where to look. Planning twice queues nothing twice
 * (one mail per result and version), so instances may plan at once and a cut-short plan is simply planned again.
 */
export function createPlanner(store: Store, crowd: Crowd, { appOrigin, secret, quietMs }: PlannerOptions) {
  async function predictedRank(testPaper: string, marks: number) {
    const prediction = await crowd.predictionFor(testPaper as TestPaper, marks);
    if (prediction.estimatedRank === null || !('rankRange' in prediction) || !prediction.rankRange) return null;
    const [low, high] = prediction.rankRange;
    return { estimate: prediction.estimatedRank, low, high };
  }

  async function mailFor(alert: ScoreAlert, result: Result, version: KeyVersion, paper: readonly Question[]) {
    const told = await store.keyVersions.find(version.paperSet, alert.toldVersion);
    // Without the key the candidate last saw (a version from before they were recorded), only the totals are told.
    const questions = told
      ? changedQuestions(
          scoreResponses(result.responses, enginePaper(paper), told.keys).response,
          scoreResponses(result.responses, enginePaper(paper), version.keys).response,
        ).filter((question) => question.marksBefore !== question.marksAfter)
      : [];
    const addresses = unsubscribeAddresses(appOrigin, secret, alert);
    return renderScoreChangeMail({
      candidateName: result.name,
      paperSet: version.paperSet,
      key: stampOf(version),
      oldTotal: alert.toldTotal,
      newTotal: result.totalMarks,
      questions,
      predictedRank: await predictedRank(result.set, result.totalMarks),
      scorecardUrl: scorecardAddress(appOrigin, result.link ?? '', alert.email),
      unsubscribeUrl: addresses.page,
      oneClickUrl: addresses.oneClick,
    });
  }

  /**
   * What one alert needs for this version: a queued mail, nothing (told already, total unchanged, result gone), or to
   * wait, while its result is not re-scored with this version yet (the job was asked for just after the version).
   */
  async function planAlert(
    alert: ScoreAlert,
    version: KeyVersion,
    paper: readonly Question[],
  ): Promise<'queued' | 'nothing' | 'waiting'> {
    if (alert.toldVersion >= version.version) return 'nothing';
    const result = await store.results.findById(alert.resultId);
    if (!result?.link) return 'nothing';
    if (result.keyVersion < version.version) return 'waiting';
    await store.alertMails.supersede(alert.resultId, version.version);
    if (result.totalMarks === alert.toldTotal) {
      await store.scoreAlerts.markTold(alert.resultId, { toldTotal: alert.toldTotal, toldVersion: version.version });
      return 'nothing';
    }
    const mail = await mailFor(alert, result, version, paper);
    const queued = await store.alertMails.enqueue({
      resultId: alert.resultId,
      paperSet: version.paperSet,
      version: version.version,
      newTotal: result.totalMarks,
      to: alert.email,
      ...mail,
    });
    return queued ? 'queued' : 'nothing';
  }

  /** A paper's current version is due once its key is quiet and every stored result is re-scored with it. */
  async function dueVersion(paperSet: string, now: Date): Promise<{ version: KeyVersion; paper: Question[] } | null> {
    const paper = await store.questions.listByPaperSet(paperSet);
    if (paper.length === 0) return null;
    const version = await recordedKeyVersion(store, paperSet, paper, now);
    if (!version || version.alertsPlannedAt || now.getTime() - version.createdAt.getTime() < quietMs) return null;
    const job = (await store.jobs.list()).find((found) => found.paperSet === paperSet);
    if (job && job.state !== 'done') return null;
    return { version, paper };
  }

  return {
    /** Plans every due version; returns how many mails it queued. */
    async planDue(now = new Date()): Promise<number> {
      let queued = 0;
      for (const paperSet of await store.scoreAlerts.activePaperSets()) {
        const due = await dueVersion(paperSet, now);
        if (!due) continue;
        let waiting = false;
        for (const alert of await store.scoreAlerts.listActive(paperSet)) {
          const outcome = await planAlert(alert, due.version, due.paper);
          if (outcome === 'queued') queued++;
          waiting ||= outcome === 'waiting';
        }
        // Planned for good only once every alert had its answer; the next look finishes what waits.
        if (!waiting) await store.keyVersions.markAlertsPlanned(paperSet, due.version.version, now);
      }
      return queued;
    },
  };
}

export type Planner = ReturnType<typeof createPlanner>;
