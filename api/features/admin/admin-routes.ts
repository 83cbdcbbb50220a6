import Router from '@koa/router';
import { keyDocumentVersion, keyVersionLabel } from '../../../src/domain/gate';
import type { Config } from '../../config';
import type { Papers } from '../../papers';
import type { PortalTraffic } from '../../sheets/portal-traffic';
import type { Store } from '../../store';
import type { RequireAdmin } from '../../access/admin-guard';
import {
  presentAdminStats,
  presentAnswerSave,
  presentFiledPaper,
  presentKeyImport,
  presentPaper,
  presentPapers,
  presentResult,
} from '../../presenters';
import { HttpError } from '../../http/errors';
import { validateInput } from '../../http/validate';
import { OPERATIONS } from '../../../src/contract/operations';
import { createSheetLoader } from '../../sheets/sheet-loader';
import { checkAnswerKey, readKeyImport } from './answer-keys';
import { predictionAccuracy } from '../../../src/domain/gate/rank/official-results/prediction-accuracy';

/** The admin calls' inputs; their messages are the admin screens' own, so they are answered as they are. */
const ADMIN_INPUT = { messages: 'bare' } as const;

/** A client time is never later than now, so a fast clock cannot pin a key. */
const notLaterThan = (now: Date, time: Date | null | undefined) => (time && time > now ? now : (time ?? undefined));

/** The admin API calls and the admin extras: key import, papers with their state, statistics. */
export interface AdminDeps {
  config: Config;
  store: Store;
  papers: Papers;
  portal: PortalTraffic;
  requireAdmin: RequireAdmin;
}

export function adminRoutes(services: AdminDeps): Router {
  // The checker's loader: portal links fetched safely, and with the demo on, this server's sample sheets as papers.
  const sheets = createSheetLoader(services.config, services.portal.hooks('sheet'));
  const { store, papers } = services;
  const router = new Router({ prefix: '/api/data' });
  // Per route, not router.use: other features answer under /api/data too and must not meet this guard.
  const admin = services.requireAdmin();

  router.post('/process', admin, validateInput(OPERATIONS.processPaper.input, ADMIN_INPUT), async (ctx) => {
    const { link, html = '' } = ctx.state.input;
    const sheet = await (link ? sheets.byLink(link, { host: ctx.host }) : sheets.fromUpload(html));
    // A sheet the engine cannot trust, or one that contradicts a stored paper, is refused (api/error-answers.ts).
    const filed = await papers.upload(sheet);
    ctx.state.log?.info({ paper: filed.paper.id, outcome: filed.outcome }, 'paper processed');
    ctx.body = presentFiledPaper(filed, await papers.keyed.get(filed.paper.id));
  });

  // The outbox sends its operation id as the Idempotency-Key header; a body's opId comes first.
  const updateAnswerInput = validateInput(OPERATIONS.updateAnswer.input, ADMIN_INPUT);
  router.put('/update-answer', admin, updateAnswerInput, async (ctx) => {
    const request = ctx.state.input;
    const { _id: id, answerKey: typedKey, opId } = request;
    const question = await store.questions.findById(id);
    if (!question) throw new HttpError(404, 'No question with this id.');
    const answerKey = checkAnswerKey(question, typedKey);
    const change = {
      questionId: id,
      answerKey,
      opId: opId || undefined,
      clientTime: notLaterThan(new Date(), request.clientTime),
    };
    const made = { label: `Edited Q${question.short_id}`, source: 'edit' as const, by: ctx.state.admin?.email };
    const [saved] = (await papers.keyChanges.apply(question.paperId, [change], made)).saves;
    if (!saved) throw new HttpError(404, 'No question with this id.');
    ctx.body = presentAnswerSave(saved);
  });

  router.get('/all-question-paper', admin, async (ctx) => {
    const [questions, records] = await Promise.all([store.questions.listAll(), store.papers.list()]);
    ctx.body = presentPapers(questions, records);
  });

  // A demo paper stood down for the real paper of its identity (or brought back): its sheets are then refused.
  const retireInput = validateInput(OPERATIONS.retirePaper.input, ADMIN_INPUT);
  router.put('/papers/:paperId/retired', admin, retireInput, async (ctx) => {
    const paper = await store.papers.findById(ctx.state.input.paperId);
    if (!paper) throw new HttpError(404, 'No paper with this id.');
    if (!paper.demo)
      throw new HttpError(409, `${paper.label} is a real paper: only a demo paper stands down.`, {
        code: 'NOT_A_DEMO_PAPER',
      });
    await store.papers.setRetired(paper.id, ctx.state.input.retired);
    ctx.body = presentPaper(await papers.keyed.get(paper.id, { minKeyVersion: Number.MAX_SAFE_INTEGER }));
  });

  router.get('/get-all-results', admin, validateInput(OPERATIONS.allResults.input, ADMIN_INPUT), async (ctx) => {
    const { paper, ...page } = ctx.state.input;
    const [results, all] = await Promise.all([
      store.results.list({ ...page, ...(paper ? { paperId: paper } : {}) }),
      store.papers.list(),
    ]);
    const names = new Map(all.map((paper) => [paper.id, paper.label]));
    ctx.body = results.map((result) => presentResult(result, names.get(result.paperId)));
  });

  router.post('/import-key', admin, validateInput(OPERATIONS.importKey.input, ADMIN_INPUT), async (ctx) => {
    const request = ctx.state.input;
    const { paperId } = request;
    const [paper, record] = await Promise.all([store.questions.listByPaperId(paperId), store.papers.findById(paperId)]);
    if (paper.length === 0) throw new HttpError(404, `No paper named ${paperId}.`);
    const { keys, unknown, marks, warnings } = readKeyImport(paper, request, record?.sections);
    const now = new Date();
    const changes = [...keys]
      .filter(([questionId, answerKey]) => paper.find((q) => q.id === questionId)!.answerKey !== answerKey)
      .map(([questionId, answerKey]) => ({ questionId, answerKey, clientTime: now }));
    // One version for the whole import, named as the administrator chose ('provisional', 'final' or their own).
    // Unnamed, a version takes what the document says it is ('final', 'provisional 2025-02-25'), else 'Imported key'.
    const documentLabel = request.rows ? keyVersionLabel(keyDocumentVersion(request.rows.split(/\r?\n/))) : '';
    const label = request.label || documentLabel || 'Imported key';
    const made = { label, source: 'import' as const, by: ctx.state.admin?.email };
    const { saves, version } = await papers.keyChanges.apply(paperId, changes, made, { marks });
    const applied = saves.filter((save) => save?.outcome === 'applied').length;
    ctx.body = presentKeyImport({
      paperId,
      applied,
      unchanged: keys.size - applied,
      unknown,
      warnings,
      version,
      ...(marks ? { marks: Object.keys(marks).length } : {}),
    });
  });

  router.get('/admin-stats', admin, async (ctx) => {
    const [paperCount, results, all, officialReports] = await Promise.all([
      store.questions.countPapers(),
      store.results.count(),
      store.papers.list(),
      store.officialReports.list(),
    ]);
    ctx.body = presentAdminStats({
      paperCount,
      results,
      // The official results candidates added, and how the predictions their scorecards showed did against them.
      officialResults: predictionAccuracy(officialReports),
      rescoring: await papers.rescorer.statuses(),
      // Every paper with its state: live (scores candidates) or why not, its key's count and version, its results.
      papers: await Promise.all(
        all.map(async (paper) => ({
          keyed: await papers.keyed.get(paper.id),
          results: await store.results.countByPaper(paper.id, { withUploads: true }),
        })),
      ),
    });
  });

  return router;
}
