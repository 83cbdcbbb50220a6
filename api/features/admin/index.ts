import type Router from '@koa/router';
import { scoreResponses, type PaperQuestion as EnginePaperQuestion } from '../../../src/domain/gate';
import type { Services } from '../../services';
import type { Question } from '../../store';
import { adminRoutes } from './admin-routes';
import { keysOf } from '../key-versions/key-versions';
import { createRescorer, type ScoreStoredResponses } from './rescoring';

/**
 * Re-scores a stored response vector with the engine, against the paper's keys as stored now. Normalised marks
 * follow the raw total here; the checker's normalisation replaces them when a candidate checks again.
 */
export const scoreStoredResponses: ScoreStoredResponses = (responses, paper: Question[]) => {
  const keys = keysOf(paper);
  const questions: EnginePaperQuestion[] = paper.map((question) => ({
    ...question,
    short_id: String(question.short_id),
  }));
  const { totalScore } = scoreResponses(responses, { testPaper: null, questions }, keys);
  return {
    totalMarks: totalScore['Total Marks'],
    finalMarks: totalScore['Final Marks'],
    negativeMarks: totalScore['Negative Marks'],
    attempts: totalScore.Attempts,
    incorrectAttempts: totalScore['Incorrect Attempts'],
    normMarks: totalScore['Total Marks'],
  };
};

/** The admin API with its background re-scoring worker, which first finishes any run a restart cut short. */
export function adminFeature(services: Services): Router {
  const rescorer = createRescorer(services.store, scoreStoredResponses, services.logger, {
    leaseMs: services.config.rescoreLeaseMs,
    pollMs: services.config.rescorePollMs,
  });
  services.lifecycle.onClose.push(() => rescorer.stop());
  rescorer.resumeAll().catch((error) => services.logger.error({ err: error }, 'could not resume re-scoring'));
  services.metrics.readRescoring(() => rescorer.statuses());
  return adminRoutes(services, rescorer);
}
