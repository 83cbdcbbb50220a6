import Router from '@koa/router';
import { boolean, mixed, number, object, string } from 'yup';
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
import { validate } from '../../http/validate';
import { MAX_LINK_LENGTH } from '../../../src/domain/validation/score-request';
import { plainText } from '../../../src/domain/validation/text';
import { createSheetLoader } from '../../sheets/sheet-loader';
import { checkAnswerKey, KEY_MAX_LENGTH, readKeyImport } from './answer-keys';
import { predictionAccuracy } from '../../../src/domain/gate/rank/official-results/prediction-accuracy';

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

const CLIENT_TIME = 'clientTime must be an ISO date or a time in milliseconds.';

/** A client time for update-answer: ISO text or epoch ms, read as a Date (an invalid one is refused). */
const clientTimeField = () =>
  mixed<Date>()
    .nullable()
    .transform((raw: unknown) => {
      if (raw === undefined || raw === null) return undefined;
      return typeof raw === 'number' || typeof raw === 'string' ? new Date(raw) : new Date(NaN);
    })
    .test('a-time', CLIENT_TIME, (time) => time == null || !Number.isNaN(time.getTime()));

const updateAnswerSchema = object({
  _id: plainText(string().trim().required('The question id (_id) is required.').max(100)),
  answerKey: plainText(string().trim().required('The answer key is required.').max(KEY_MAX_LENGTH)),
  opId: plainText(string().max(100, 'opId must be at most 100 characters.')),
  clientTime: clientTimeField(),
});

/** Longest name of a key version ('provisional', 'final', or the administrator's own). */
export const KEY_LABEL_MAX = 60;

/**
 * The most an import may carry. The largest paper (XE, 175 questions) writes its key rows in about 5,700 characters:
 * these leave over ten times that, and stop a body of megabytes from being read row by row before it is refused.
 */
export const KEY_ROWS_MAX_CHARS = 100_000;
export const KEY_ENTRIES_MAX = 1_000;

const importKeySchema = object({
  paperId: plainText(string().trim().required('Name the paper the key belongs to (paperId).').max(200)),
  keys: mixed().test(
    'few-enough',
    `Send at most ${KEY_ENTRIES_MAX.toLocaleString('en')} keys (keys): a GATE paper has at most 175 questions.`,
    (keys) => typeof keys !== 'object' || keys === null || Object.keys(keys).length <= KEY_ENTRIES_MAX,
  ),
  marks: mixed().test(
    'few-enough',
    `Send at most ${KEY_ENTRIES_MAX.toLocaleString('en')} marks (marks): a GATE paper has at most 175 questions.`,
    (marks) => typeof marks !== 'object' || marks === null || Object.keys(marks).length <= KEY_ENTRIES_MAX,
  ),
  rows: plainText(
    string().max(
      KEY_ROWS_MAX_CHARS,
      `Send at most ${KEY_ROWS_MAX_CHARS.toLocaleString('en')} characters of key rows (rows): an official key's rows are a few thousand.`,
    ),
    { multiLine: true },
  ),
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
const resultPageSchema = object({
  limit: pageParameter('limit', 10_000),
  skip: pageParameter('skip'),
  paper: plainText(string().trim().max(60, 'Name the paper by its id (EE-2025).')),
});

/** A client time is never later than now, so a fast clock cannot pin a key. */
const notLaterThan = (now: Date, time: Date | null | undefined) => (time && time > now ? now : (time ?? undefined));

const retireSchema = object({
  paperId: plainText(string().trim().required('Name the paper by its id (paperId).').max(100)),
  retired: boolean().strict().typeError('retired must be true or false.').required('Say whether (retired).'),
});

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

  router.post('/process', admin, validate(processRequestSchema, { ...ADMIN_INPUT, textBody: 'html' }), async (ctx) => {
    const { link, html = '' } = ctx.state.input;
    const sheet = await (link ? sheets.byLink(link, { host: ctx.host }) : sheets.fromUpload(html));
    // A sheet the engine cannot trust, or one that contradicts a stored paper, is refused (api/error-answers.ts).
    const filed = await papers.upload(sheet);
    ctx.state.log?.info({ paper: filed.paper.id, outcome: filed.outcome }, 'paper processed');
    ctx.body = presentFiledPaper(filed, await papers.keyed.get(filed.paper.id));
  });

  // The outbox sends its operation id as the Idempotency-Key header; a body's opId comes first.
  const updateAnswerInput = validate(updateAnswerSchema, { ...ADMIN_INPUT, headers: { opId: 'idempotency-key' } });
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
  const retireInput = validate(retireSchema, { ...ADMIN_INPUT, params: ['paperId'] });
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

  router.get('/get-all-results', admin, validate(resultPageSchema, { ...ADMIN_INPUT, from: 'query' }), async (ctx) => {
    const { paper, ...page } = ctx.state.input;
    const [results, all] = await Promise.all([
      store.results.list({ ...page, ...(paper ? { paperId: paper } : {}) }),
      store.papers.list(),
    ]);
    const names = new Map(all.map((paper) => [paper.id, paper.label]));
    ctx.body = results.map((result) => presentResult(result, names.get(result.paperId)));
  });

  router.post('/import-key', admin, validate(importKeySchema, ADMIN_INPUT), async (ctx) => {
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
