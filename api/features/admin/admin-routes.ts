import Router from '@koa/router';
import { mixed, number, object, string } from 'yup';
import type { Services } from '../../services';
import { presentPapers, presentQuestion, presentResult } from '../../presenters';
import { HttpError } from '../../http/errors';
import { requireAdmin } from '../../http/admin-auth';
import { validate } from '../../http/validate';
import { MAX_LINK_LENGTH } from '../../../src/domain/validation/score-request';
import { plainText } from '../../../src/domain/validation/text';
import { createSheetLoader } from '../../sheets/sheet-loader';
import type { Rescorer } from './rescoring';
import { readPaper } from './paper-reader';
import { checkAnswerKey, KEY_MAX_LENGTH, readKeyImport } from './answer-keys';
import { recordKeyVersion, stampOf } from '../key-versions/key-versions';

/** The admin calls' inputs; their messages are the admin screens' own, so they are answered as they are. */
const ADMIN_INPUT = { messages: 'bare' } as const;

/** A paper to process: a link, or the page itself (the text/html body, or `html` in a JSON object). */
const processRequestSchema = object({
  link: plainText(string().trim().max(MAX_LINK_LENGTH)).when('html', {
    is: (html: string | undefined) => !html,
    then: (link) => link.required('Question Paper Link is required.'),
  }),
  html: string(),
});

const updateAnswerSchema = object({
  _id: plainText(string().trim().required('The question id (_id) is required.').max(100)),
  answerKey: plainText(string().trim().required('The answer key is required.').max(KEY_MAX_LENGTH)),
  opId: plainText(string().max(100, 'opId must be at most 100 characters.')),
  clientTime: mixed<string | number>(),
});

/** Longest name of a key version ('provisional', 'final', or the administrator's own). */
export const KEY_LABEL_MAX = 60;

const importKeySchema = object({
  paperSet: plainText(string().trim().required('Name the paper set the key belongs to (paperSet).').max(200)),
  keys: mixed(),
  rows: plainText(string(), { multiLine: true }),
  label: plainText(
    string().trim().max(KEY_LABEL_MAX, `Name the key version in at most ${KEY_LABEL_MAX} characters (label).`),
  ),
});

/** A page parameter of the query: a whole number in range, or absent when left empty. */
const pageParameter = (name: string, max?: number) => {
  const message = `${name} must be a whole number${max === undefined ? ' of 0 or more' : ` from 0 to ${max}`}.`;
  const whole = number()
    .transform((value: number, original: unknown) => (original === '' ? undefined : value))
    .typeError(message)
    .integer(message)
    .min(0, message);
  return max === undefined ? whole : whole.max(max, message);
};
const resultPageSchema = object({ limit: pageParameter('limit', 10_000), skip: pageParameter('skip') });

/** A client time for update-answer: ISO text or epoch ms; never later than now, so a fast clock cannot pin a key. */
function clientTime(raw: unknown, now: Date): Date | undefined {
  if (raw === undefined || raw === null) return undefined;
  const time = typeof raw === 'number' || typeof raw === 'string' ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(time.getTime()))
    throw new HttpError(400, 'clientTime must be an ISO date or a time in milliseconds.');
  return time > now ? now : time;
}

/** The admin API calls and the admin extras: key import, statistics with the re-scoring status. */
export function adminRoutes(services: Services, rescorer: Rescorer): Router {
  // The checker's loader: portal links fetched safely, and with the demo on, this server's sample sheets as papers.
  const sheets = createSheetLoader(services.config, services.portal.hooks('sheet'));
  const { store } = services;
  const router = new Router({ prefix: '/api/data' });
  // Per route, not router.use: other features answer under /api/data too and must not meet this guard.
  const admin = requireAdmin(services);

  router.post('/process', admin, validate(processRequestSchema, { ...ADMIN_INPUT, textBody: 'html' }), async (ctx) => {
    const { link, html = '' } = ctx.state.input;
    const { paperSet, questions, warnings } = await readPaper(
      link ? () => sheets.byLink(link, { host: ctx.host }) : () => sheets.fromUpload(html),
    );
    const stored = await store.questions.upsertPaper(paperSet, questions);
    ctx.state.log?.info({ paperSet, questions: stored.length }, 'paper processed');
    ctx.body = { data: { data: stored.map(presentQuestion), paperSet, warnings } };
  });

  router.put('/update-answer', admin, validate(updateAnswerSchema, ADMIN_INPUT), async (ctx) => {
    const request = ctx.state.input;
    const { _id: id, answerKey: typedKey } = request;
    const opId = request.opId ?? ctx.get('idempotency-key') ?? undefined;
    if (opId !== undefined && opId.length > 100) throw new HttpError(400, 'opId must be at most 100 characters.');
    const question = await store.questions.findById(id);
    if (!question) throw new HttpError(404, 'No question with this id.');
    const answerKey = checkAnswerKey(question, typedKey);
    const saved = await store.questions.setAnswerKey(id, answerKey, {
      opId: opId || undefined,
      clientTime: clientTime(request.clientTime, new Date()),
    });
    if (!saved) throw new HttpError(404, 'No question with this id.');
    if (saved.outcome === 'applied') {
      const label = `Edited Q${question.short_id}`;
      await recordKeyVersion(store, question.paperSet, { label, source: 'edit', by: ctx.state.admin?.email });
      await rescorer.schedule(question.paperSet);
    }
    ctx.body = {
      data: { data: { long_id: saved.question.long_id, answerKey: saved.question.answerKey, outcome: saved.outcome } },
    };
  });

  router.get('/all-question-paper', admin, async (ctx) => {
    const papers = await store.questions.listAll();
    ctx.body = presentPapers(papers);
  });

  router.get('/get-all-results', admin, validate(resultPageSchema, { ...ADMIN_INPUT, from: 'query' }), async (ctx) => {
    const results = await store.results.list(ctx.state.input);
    ctx.body = results.map(presentResult);
  });

  router.post('/import-key', admin, validate(importKeySchema, ADMIN_INPUT), async (ctx) => {
    const request = ctx.state.input;
    const { paperSet } = request;
    const paper = await store.questions.listByPaperSet(paperSet);
    if (paper.length === 0) throw new HttpError(404, `No paper set named ${paperSet}.`);
    const { keys, unknown, warnings } = readKeyImport(paper, request);
    const now = new Date();
    let applied = 0;
    for (const [questionId, answerKey] of keys) {
      const question = paper.find((q) => q.id === questionId)!;
      if (question.answerKey === answerKey) continue;
      const saved = await store.questions.setAnswerKey(questionId, answerKey, { clientTime: now });
      if (saved?.outcome === 'applied') applied++;
    }
    // One version for the whole import, named as the administrator chose ('provisional', 'final' or their own).
    const version =
      applied > 0
        ? await recordKeyVersion(store, paperSet, {
            label: request.label || 'Imported key',
            source: 'import',
            by: ctx.state.admin?.email,
          })
        : null;
    if (applied > 0) await rescorer.schedule(paperSet);
    ctx.body = {
      data: {
        paperSet,
        applied,
        unchanged: keys.size - applied,
        unknown,
        warnings,
        keyVersion: version && stampOf(version),
      },
    };
  });

  router.get('/admin-stats', admin, async (ctx) => {
    const [paperSets, results] = await Promise.all([store.questions.countPaperSets(), store.results.count()]);
    ctx.body = { paperSets, results, rescoring: await rescorer.statuses() };
  });

  return router;
}
