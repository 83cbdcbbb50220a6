import Router from '@koa/router';
import { OPERATIONS } from '../../../src/contract/operations';
import { DISPUTE_MESSAGES, disputeVersionLabel } from '../../../src/contract/dispute-requests';
import { challengeWindowOf } from '../../../src/domain/gate';
import { scoreIfKeyMoved } from '../../../src/domain/gate/disputes';
import { isTrustedProvenance, provenanceOf } from '../../../src/domain/gate/result-provenance';
import type { Config } from '../../config';
import type { Store } from '../../store';
import type { RequireAdmin } from '../../access/admin-guard';
import { createScorecardAccess } from '../../access/scorecard-access';
import { createScorecardViewGate } from '../../access/verification-gate';
import { HttpError } from '../../http/errors';
import { limitPerAddress } from '../../http/limiters';
import { validateInput } from '../../http/validate';
import { scoreStoredResult, stampOf, type Papers } from '../../papers';
import { presentDisputeApplied, presentDisputes, type OwnSide } from '../../presenters';
import { createDisputeFinder, type FoundDisputes } from './dispute-finder';

const BARE = { messages: 'bare' } as const;

/**
 * Disputed answers (docs/gate/disputes.md): where a paper's strongest trusted candidates agree on an answer its
 * provisional key does not give. A candidate's scorecard shows them with their own answer and total were the key
 * moved; an administrator sees the paper's list and may apply one, through the one key-change path.
 */
export function disputeRoutes({
  config,
  store,
  papers,
  requireAdmin,
}: {
  config: Config;
  store: Store;
  papers: Papers;
  requireAdmin: RequireAdmin;
}): Router {
  const router = new Router({ prefix: '/api/data/disputes' });
  const finder = createDisputeFinder(store, papers.keyed);
  const view = createScorecardViewGate(config, createScorecardAccess(config, store));
  const perMinute = store.limiters({ name: 'disputes', points: config.rateLimitPerMinute, windowMs: 60_000 });
  const limited = limitPerAddress(perMinute, 'dispute requests', (ctx) => Boolean(ctx.state.admin));
  const admin = requireAdmin();

  async function foundFor(paperId: string, options?: { fresh?: boolean }): Promise<FoundDisputes> {
    const found = await finder.find(paperId, options);
    if (!found) throw new HttpError(404, DISPUTE_MESSAGES.noPaper);
    return found;
  }

  const presented = ({ keyed, report, foundAt, finalKey }: FoundDisputes) => ({
    paperId: keyed.paper.id,
    keyVersion: keyed.keyVersion,
    report,
    foundAt,
    finalKey,
    challengeWindow: challengeWindowOf(keyed.paper.year),
  });

  router.get('/', admin, validateInput(OPERATIONS.paperDisputes.input, BARE), async (ctx) => {
    ctx.body = presentDisputes(presented(await foundFor(ctx.state.input.paperId)));
  });

  router.post(
    '/scorecard',
    requireAdmin({ optional: true }),
    limited,
    validateInput(OPERATIONS.scorecardDisputes.input, BARE),
    async (ctx) => {
      const { resultId, access } = ctx.state.input;
      const result = await store.results.findById(resultId);
      if (!result) throw new HttpError(404, DISPUTE_MESSAGES.noResult);
      await view.assertMaySee(ctx, result, access);
      const found = await foundFor(result.paperId);
      const { engine, keys } = found.keyed;
      const options = { statuses: result.statuses, chosenSections: result.chosenSections };
      const own: OwnSide = {
        resultId: result.id,
        counted: isTrustedProvenance(provenanceOf(result)),
        total: scoreStoredResult(result, engine, keys).totalScore['Total Marks'],
        ifMoved: new Map(
          found.report.disputes.map((dispute) => [
            dispute.questionId,
            scoreIfKeyMoved(dispute, engine, keys, result.responses, options),
          ]),
        ),
      };
      ctx.body = presentDisputes(presented(found), own);
    },
  );

  router.post('/apply', admin, validateInput(OPERATIONS.applyDispute.input, BARE), async (ctx) => {
    const { paperId, questionId, answer, keyVersion } = ctx.state.input;
    // Found again, not taken from the list the administrator read: the key applied is what the rule finds now.
    const found = await foundFor(paperId, { fresh: true });
    if ((found.keyed.keyVersion?.version ?? 0) !== keyVersion) {
      throw new HttpError(409, DISPUTE_MESSAGES.keyMoved, { code: 'KEY_MOVED' });
    }
    const question = found.keyed.questions.find((stored) => stored.long_id === questionId);
    if (!question) throw new HttpError(404, `${found.keyed.paper.label} has no question ${questionId}.`);
    const dispute = found.report.disputes.find((each) => each.questionId === questionId && each.answer === answer);
    if (!dispute) throw new HttpError(409, DISPUTE_MESSAGES.noLongerDisputed, { code: 'NO_LONGER_DISPUTED' });
    const made = {
      label: disputeVersionLabel(dispute),
      source: 'dispute' as const,
      by: ctx.state.admin?.email,
    };
    const outcome = await papers.keyChanges.apply(
      paperId,
      [{ questionId: question.id, answerKey: dispute.answer }],
      made,
    );
    if (!outcome.version) throw new HttpError(409, DISPUTE_MESSAGES.keyMoved, { code: 'KEY_MOVED' });
    // This instance answers with the new key at once; the others within PAPER_FRESH_MS.
    await papers.keyed.get(paperId, { minKeyVersion: outcome.version.version });
    ctx.body = presentDisputeApplied(
      DISPUTE_MESSAGES.applied(dispute.number, dispute.answer),
      stampOf(outcome.version),
    );
  });

  return router;
}
