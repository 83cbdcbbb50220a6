import Router from '@koa/router';
import escapeHtml from 'escape-html';
import { parseResponseSheet, type TestPaper } from '../../src/domain/gate';
import type { Config } from '../config';
import type { Store } from '../store';
import { createKeyChanges } from '../papers/key-change-saves';
import { uploadPaper } from '../papers/paper-upload';
import { DEMO_PAPERS } from './demo-papers';
import type { DemoSheet } from './demo-types';
import { allowInlineStyle } from '../http/security-headers';
import { validateInput } from '../http/validate';
import { OPERATIONS } from '../../src/contract/operations';
import { renderDemoImage, renderSampleSheet, SAMPLE_SHEET_STYLE } from './sample-sheet';

/**
 * The demo a newcomer meets after `npm start`: made-up papers (CS 1, CS 2, DA; EE, a paper without parts of another
 * branch; XE, whose candidates choose two sections) with their answer keys, and sample response sheets served by this
 * server under /demo/. The checker reads those links from memory instead of over the
 * network (see isDemoSheetLink), so the demo needs no portal, no internet and no widening of the fetch allow-list.
 */

export const DEMO_SHEET_PATH = '/demo/response-sheets/';

export interface DemoSample {
  testPaper: TestPaper;
  /** The paper's name on the demo page: 'GATE 2025 XE'. */
  paper: string;
  candidateId: string;
  name: string;
  path: string;
  /** What the sample shows besides a score (a choice of sections to make). */
  note?: string;
}

const sheetPath = (candidateId: string) => `${DEMO_SHEET_PATH}${candidateId}.html`;

const sheetsByPath = new Map<string, string>();
const samples: DemoSample[] = [];
/** A sample whose candidate answered more optional sections than count: the checker asks which they chose. */
function noteOf(sheet: DemoSheet): string | undefined {
  const answers = sheet.candidate.answers;
  const choose = sheet.paper.sections.some((section) => section.optional) ? 2 : 0;
  if (!answers) return undefined;
  return answers.length > choose
    ? `answers ${answers.length} optional sections (${answers.join(', ')}): the checker asks which ${choose} you chose`
    : `optional sections ${answers.join(' and ')}, read off the answers`;
}

for (const { paper, samples: sheets } of DEMO_PAPERS) {
  for (const sheet of sheets) {
    const path = sheetPath(sheet.candidate.id);
    sheetsByPath.set(path, renderSampleSheet(sheet));
    const note = noteOf(sheet);
    samples.push({
      testPaper: paper.testPaper,
      paper: `GATE ${paper.year} ${paper.testPaper}`,
      candidateId: sheet.candidate.id,
      name: sheet.candidate.name,
      path,
      ...(note ? { note } : {}),
    });
  }
}

export const demoSamples: readonly DemoSample[] = samples;

/** The sample sheet at this path of our own origin, or undefined. */
export function demoSheetHtml(pathname: string): string | undefined {
  return sheetsByPath.get(pathname.replace(/\/{2,}/g, '/'));
}

/** The name the demo's own key versions carry. */
export const DEMO_KEY_LABEL = 'Demo key';

/**
 * Seeds each demo paper the way an administrator would: upload the master sheet as a paper (marked as the demo's,
 * with the identity its sheets name), then save its keys as one key version. A question whose key was ever saved
 * keeps it: restarts never undo an administrator's edit. Re-scoring, if a restart left any, is the workers' job.
 */
export async function seedDemoPapers(store: Store): Promise<void> {
  const keyChanges = createKeyChanges(store, { schedule: (paperId) => store.jobs.request(paperId) });
  for (const { paper, master } of DEMO_PAPERS) {
    const { paper: stored, questions } = await uploadPaper(store, parseResponseSheet(renderSampleSheet(master)), {
      demo: true,
    });
    const keys = new Map(paper.questions.map((question) => [question.longId, question.key]));
    const changes = questions
      .filter((question) => !question.keyVersion && keys.has(question.long_id))
      // One operation id per question for every instance: two instances seeding at once save each key once.
      .map((question) => ({
        questionId: question.id,
        answerKey: keys.get(question.long_id)!,
        opId: `demo-key:${question.long_id}`,
      }));
    if (changes.length > 0) {
      await keyChanges.apply(stored.id, changes, { label: DEMO_KEY_LABEL, source: 'import' });
    }
  }
}

/**
 * The /demo page. Its absolute links use the configured public origin: the request's Origin and Host headers are the
 * client's words, and every value written into the page is escaped.
 */
function demoIndexPage(appOrigin: string): string {
  const items = demoSamples
    .map((sample) => {
      const [paper, path, name] = [sample.paper, sample.path, sample.name].map(escapeHtml);
      const note = sample.note ? ` (${escapeHtml(sample.note)})` : '';
      return `<li>${paper}: <a href="${path}">${name}</a>${note} — <code>${escapeHtml(appOrigin)}${path}</code></li>`;
    })
    .join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>HireGate demo sheets</title></head><body>
<h1>Demo response sheets</h1>
<p>Made-up sheets for trying the checker. Copy a link, open <a href="/">the home page</a>, press <b>Check Now</b>, paste it
and pick the same test paper.</p><ul>
${items}
</ul></body></html>`;
}

/** The sample sheets and their images; also a small index page at /demo listing the sample links. */
export function demoRoutes(appOrigin: string): Router {
  const router = new Router();
  const indexPage = demoIndexPage(appOrigin);
  router.get('/demo', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = indexPage;
  });
  router.get(`${DEMO_SHEET_PATH}:file`, (ctx) => {
    const html = demoSheetHtml(ctx.path);
    if (html === undefined) return;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
    allowInlineStyle(ctx, SAMPLE_SHEET_STYLE);
  });
  router.get('/demo/images/:name', validateInput(OPERATIONS.demoImage.input), (ctx) => {
    const svg = renderDemoImage(ctx.state.input.name);
    if (svg === null) return;
    ctx.type = 'image/svg+xml';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = svg;
  });
  return router;
}

/** The lines printed at start: where the sample sheets are and what to do with them. */
export function demoBanner(origin: string, config: Pick<Config, 'requireEmailVerification' | 'smtpUrl'>): string {
  const lines = demoSamples.map(
    (sample) => `  ${sample.testPaper.padEnd(4)}  ${origin}${sample.path}${sample.note ? `  (${sample.note})` : ''}`,
  );
  const verification =
    config.requireEmailVerification && !config.smtpUrl
      ? [
          'The checker first asks to verify an e-mail address: with no SMTP_URL the mail is not sent but written to this',
          "log ('mail kept in the local outbox'); open the verify-email link from it. REQUIRE_EMAIL_VERIFICATION=false skips this.",
        ]
      : [];
  return [
    'Demo: sample response sheets (made-up data) you can paste into "Check Now" with the same test paper:',
    ...lines,
    `  (also listed at ${origin}/demo)`,
    ...verification,
  ].join('\n');
}
