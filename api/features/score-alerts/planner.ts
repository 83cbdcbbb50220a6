import { changedQuestions } from '../../../src/domain/gate';
import type { KeyVersion, Paper, Question, Result, ScoreAlert, Store } from '../../store';
import { enginePaper, scoreStoredResult, stampOf } from '../../papers';
import type { Crowd } from '../../crowd/crowd';
import { renderScoreChangeMail } from './score-change-mail';
import { signUnsubscribeToken } from './unsubscribe-token';

export interface PlannerOptions {
  appOrigin: string;
  secret: string;
  /** How long a paper's key must stay as it is before its mails are planned. */
  quietMs: number;
}

/** The page a mail's unsubscribe link opens (it asks the API once the page is open, so link scanners stop nothing). */
export function unsubscribeAddresses(appOrigin: string, secret: string, alert: Pick<ScoreAlert, 'id' | 'email'>) {
  const query = new URLSearchParams({
    alert: alert.id,
    token: signUnsubscribeToken(secret, alert.id, alert.email),
  });
  return {
    page: `${appOrigin}/score-alerts/unsubscribe?${query}`,
    oneClick: `${appOrigin}/api/data/score-alerts/unsubscribe?${query}`,
  };
}

/** The scorecard the mail points to, named by the result's id: no e-mail and no link in the address. */
export function scorecardAddress(appOrigin: string, resultId: string): string {
  return `${appOrigin}/scorecard?${new URLSearchParams({ id: resultId })}`;
}

/**
 * Plans the score-change mails of a paper's key version once the key has settled: every candidate with an alert on
 * whose re-scored total differs from the total they last heard of gets one queued mail telling old and new total,
 * the questions behind the change, the new predicted rank and where to look. Planning twice queues nothing twice
 * (one mail per alert and version), so instances may plan at once and a cut-short plan is simply planned again.
 * Nothing here waits on a clock for correctness: a version is planned once it is the paper's published version and
 * every result is re-scored with it; `quietMs` only gathers a run of edits into one mail.
 */
export function createPlanner(store: Store, crowd: Crowd, { appOrigin, secret, quietMs }: PlannerOptions) {
  async function predictedRank(paper: Paper, marks: number) {
    const prediction = await crowd.predictionFor(paper, marks);
    if (prediction.estimatedRank === null || !('rankRange' in prediction) || !prediction.rankRange) return null;
    const [low, high] = prediction.rankRange;
    return { estimate: prediction.estimatedRank, low, high };
  }

  async function mailFor(alert: ScoreAlert, result: Result, version: KeyVersion, due: Due) {
    const told = await store.keyVersions.find(version.paperId, alert.toldVersion);
    // Without the key the candidate last saw (a version from before they were recorded), only the totals are told.
    const scored = (key: KeyVersion) =>
      scoreStoredResult(result, enginePaper(due.questions, due.paper, key), key.keys).response;
    const questions = told
      ? changedQuestions(scored(told), scored(version)).filter(
          (question) => question.marksBefore !== question.marksAfter,
        )
      : [];
    const addresses = unsubscribeAddresses(appOrigin, secret, alert);
    return renderScoreChangeMail({
      candidateName: result.name,
      paperId: due.paper.label,
      key: stampOf(version),
      oldTotal: alert.toldTotal,
      newTotal: result.totalMarks,
      questions,
      predictedRank: await predictedRank(due.paper, result.totalMarks),
      scorecardUrl: scorecardAddress(appOrigin, result.id),
      unsubscribeUrl: addresses.page,
      oneClickUrl: addresses.oneClick,
    });
  }

  /**
   * What one alert needs for this version: a queued mail, nothing (told already, total unchanged, result gone), or to
   * wait, while its result is not re-scored with this version yet (the job was asked for just after the version).
   */
  async function planAlert(alert: ScoreAlert, due: Due): Promise<'queued' | 'nothing' | 'waiting'> {
    const { version } = due;
    if (alert.toldVersion >= version.version) return 'nothing';
    const result = await store.results.findById(alert.resultId);
    if (!result?.link) return 'nothing';
    if (result.keyVersion < version.version) return 'waiting';
    await store.alertMails.supersede(alert.id, version.version);
    if (result.totalMarks === alert.toldTotal) {
      await store.scoreAlerts.markTold(alert.id, { toldTotal: alert.toldTotal, toldVersion: version.version });
      return 'nothing';
    }
    const mail = await mailFor(alert, result, version, due);
    const queued = await store.alertMails.enqueue({
      alertId: alert.id,
      resultId: alert.resultId,
      paperId: version.paperId,
      version: version.version,
      newTotal: result.totalMarks,
      to: alert.email,
      ...mail,
    });
    return queued ? 'queued' : 'nothing';
  }

  /**
   * A paper's published version is due once its re-scoring is done (every stored result is scored with it, or says
   * why not: planAlert waits for any that is not) and the key has stood for quietMs.
   */
  async function dueVersion(paperId: string, now: Date): Promise<Due | null> {
    const paper = await store.papers.findById(paperId);
    if (!paper || paper.keyVersion === 0) return null;
    const version = await store.keyVersions.find(paperId, paper.keyVersion);
    if (!version || version.alertsPlannedAt || now.getTime() - version.createdAt.getTime() < quietMs) return null;
    const job = (await store.jobs.list()).find((found) => found.paperId === paperId);
    if (job && job.state !== 'done') return null;
    return { version, paper, questions: await store.questions.listByPaperId(paperId) };
  }

  return {
    /** Plans every due version; returns how many mails it queued. */
    async planDue(now = new Date()): Promise<number> {
      let queued = 0;
      for (const paperId of await store.scoreAlerts.activePaperIds()) {
        const due = await dueVersion(paperId, now);
        if (!due) continue;
        let waiting = false;
        for (const alert of await store.scoreAlerts.listActive(paperId)) {
          const outcome = await planAlert(alert, due);
          if (outcome === 'queued') queued++;
          waiting ||= outcome === 'waiting';
        }
        // Planned for good only once every alert had its answer; the next look finishes what waits.
        if (!waiting) await store.keyVersions.markAlertsPlanned(paperId, due.version.version, now);
      }
      return queued;
    },
  };
}

export type Planner = ReturnType<typeof createPlanner>;

/** A version due for mails, with its paper as scored. */
interface Due {
  version: KeyVersion;
  paper: Paper;
  questions: Question[];
}
