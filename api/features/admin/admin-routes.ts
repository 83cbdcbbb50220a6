import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../services';
import type { Question, ResultSummary } from '../../store';
import { HttpError } from '../../http/errors';
import { requireAdmin } from '../../http/admin-auth';
import { createSheetLoader } from '../../sheets/sheet-loader';
import type { Rescorer } from './rescoring';
import { readPaper } from './paper-reader';
import { checkAnswerKey, readKeyImport } from './answer-keys';

/** The admin question of spec §3 as the admin screens read it. */
function presentQuestion(question: Question) {
  const { id, paperSet, long_id, short_id, name, type, marks, question: stem, options, answerKey } = question;
  return {
    _id: id,
    long_id,
    short_id: String(short_id),
    name,
    type,
    marks,
    question: stem,
    options,
    paperSet,
    ...(answerKey !== undefined ? { answerKey } : {}),
  };
}

/** The Result of spec §3, plus the link while it is kept (the admin scorecard needs it). */
function presentResult(result: ResultSummary) {
  const { id, email, name, candidateId, set, totalMarks, finalMarks, negativeMarks, attempts, isVerified } = result;
  return {
    _id: id,
    email: email ?? '',
    name,
    candidateId,
    set,
    totalMarks,
    finalMarks,
    negativeMarks,
    attempts,
    isVerified,
    createdAt: result.createdAt.toISOString(),
    ...(result.link ? { link: result.link } : {}),
  };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function body(ctx: Context): Record<string, unknown> {
  const parsed = ctx.request.body;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

function pageParameter(ctx: Context, name: 'limit' | 'skip'): number | undefined {
  const raw = ctx.query[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || (name === 'limit' && value > 10_000)) {
    throw new HttpError(
      400,
      `${name} must be a whole number${name === 'limit' ? ' from 0 to 10000' : ' of 0 or more'}.`,
    );
  }
  return value;
}

/** A client time for update-answer: ISO text or epoch ms; never later than now, so a fast clock cannot pin a key. */
function clientTime(raw: unknown, now: Date): Date | undefined {
  if (raw === undefined || raw === null) return undefined;
  const time = typeof raw === 'number' || typeof raw === 'string' ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(time.getTime()))
    throw new HttpError(400, 'clientTime must be an ISO date or a time in milliseconds.');
  return time > now ? now : time;
}

/** The spec's admin calls (§7) and the admin extras: key import, statistics with the re-scoring status. */
export function adminRoutes(services: Services, rescorer: Rescorer): Router {
  // The checker's loader: portal links fetched safely, and with the demo on, this server's sample sheets as papers.
  const sheets = createSheetLoader(services.config);
  const { store } = services;
  const router = new Router({ prefix: '/api/data' });
  // Per route, not router.use: other features answer under /api/data too and must not meet this guard.
  const admin = requireAdmin(services);

  router.post('/process', admin, async (ctx) => {
    const request = body(ctx);
    const link = text(request.link)?.trim();
    const uploaded = typeof ctx.request.body === 'string' ? ctx.request.body : text(request.html);
    if (!link && !uploaded) throw new HttpError(400, 'Question Paper Link is required.');
    const { paperSet, questions, warnings } = await readPaper(
      link ? () => sheets.byLink(link, { host: ctx.host }) : () => sheets.fromUpload(uploaded!),
    );
    const stored = await store.questions.upsertPaper(paperSet, questions);
    ctx.state.log?.info({ paperSet, questions: stored.length }, 'paper processed');
    ctx.body = { data: { data: stored.map(presentQuestion), paperSet, warnings } };
  });

  router.put('/update-answer', admin, async (ctx) => {
    const request = body(ctx);
    const id = text(request._id);
    const typedKey = text(request.answerKey)?.trim();
    const opId = text(request.opId) ?? ctx.get('idempotency-key') ?? undefined;
    if (!id) throw new HttpError(400, 'The question id (_id) is required.');
    if (!typedKey) throw new HttpError(400, 'The answer key is required.');
    if (opId !== undefined && opId.length > 100) throw new HttpError(400, 'opId must be at most 100 characters.');
    const question = await store.questions.findById(id);
    if (!question) throw new HttpError(404, 'No question with this id.');
    const answerKey = checkAnswerKey(question, typedKey);
    const saved = await store.questions.setAnswerKey(id, answerKey, {
      opId: opId || undefined,
      clientTime: clientTime(request.clientTime, new Date()),
    });
    if (!saved) throw new HttpError(404, 'No question with this id.');
    if (saved.outcome === 'applied') rescorer.schedule(question.paperSet);
    ctx.body = {
      data: { data: { long_id: saved.question.long_id, answerKey: saved.question.answerKey, outcome: saved.outcome } },
    };
  });

  router.get('/all-question-paper', admin, async (ctx) => {
    const papers = await store.questions.listAll();
    ctx.body = Object.fromEntries(
      Object.entries(papers).map(([set, questions]) => [set, questions.map(presentQuestion)]),
    );
  });

  router.get('/get-all-results', admin, async (ctx) => {
    const results = await store.results.list({ limit: pageParameter(ctx, 'limit'), skip: pageParameter(ctx, 'skip') });
    ctx.body = results.map(presentResult);
  });

  router.post('/import-key', admin, async (ctx) => {
    const request = body(ctx);
    const paperSet = text(request.paperSet)?.trim();
    if (!paperSet) throw new HttpError(400, 'Name the paper set the key belongs to (paperSet).');
    const paper = await store.questions.listByPaperSet(paperSet);
    if (paper.length === 0) throw new HttpError(404, `No paper set named ${paperSet}.`);
    const { keys, unknown } = readKeyImport(paper, request);
    const now = new Date();
    let applied = 0;
    for (const [questionId, answerKey] of keys) {
      const question = paper.find((q) => q.id === questionId)!;
      if (question.answerKey === answerKey) continue;
      const saved = await store.questions.setAnswerKey(questionId, answerKey, { clientTime: now });
      if (saved?.outcome === 'applied') applied++;
    }
    if (applied > 0) rescorer.schedule(paperSet);
    ctx.body = { data: { paperSet, applied, unchanged: keys.size - applied, unknown } };
  });

  router.get('/admin-stats', admin, async (ctx) => {
    const [paperSets, results] = await Promise.all([store.questions.countPaperSets(), store.results.count()]);
    ctx.body = { paperSets, results, rescoring: rescorer.statuses() };
  });

  return router;
}
