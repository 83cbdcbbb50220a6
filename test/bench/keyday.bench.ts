/**
 * Answer-key day, measured (npm run bench:keyday): RESULTS stored results of CS 1 (10,000 by default), every one with
 * a verified e-mail and score alerts on, scored with a provisional key. An administrator then confirms a final key
 * that changes three questions, and the bench times, from that request:
 *   - re-scoring every stored result (the durable job);
 *   - the first and the last score-change mail arriving at a real SMTP peer on loopback;
 * and prints the mails per second the sender held. Each store in turn: the embedded files, then MongoDB through
 * mongo-java-server (LANES=embedded or LANES=mongodb for one). The server, the SMTP peer and this script share one
 * process and the machine's 2 cores.
 * SCORE_ALERT_MAILS_PER_SECOND is MAILS_PER_SECOND (default 1,000, i.e. what the sender can do); the product's default
 * of 10 a second would make 10,000 mails take 1,000 s by design.
 */
import { performance } from 'node:perf_hooks';
import { seededRandom } from '../../api/demo/demo-papers';
import { enginePaper, loadKeyedPaper, type KeyedPaper } from '../../api/papers';
import type { Question, Store } from '../../api/store';
import { scoreResponses } from '../../src/domain/gate';
import { itemAt } from '../../src/domain/lists';
import { startCheckerServer } from '../integration/checker-harness';
import { startFixtureServer } from '../support/fixture-server';
import { startMailbox } from '../support/mailbox';
import { STORE_LANES, openLaneStore } from '../support/store-lanes';
import { buildPaper, buildResult } from '../support/builders';
import { eventually } from '../support/eventually';

const RESULTS = Number(process.env.RESULTS ?? 10_000);
const MAILS_PER_SECOND = process.env.MAILS_PER_SECOND ?? '1000';
const LANES = process.env.LANES ?? 'embedded,mongodb';
const PAPER_SET = 'CS1-2026';
const ADMIN = { email: 'bench@hiregate.test', password: 'Bench#Pass1' };

/** A candidate's answers: about one in five questions left, the rest a random option or a number near the key. */
function randomResponses(paper: Question[], next: () => number): Record<string, string> {
  const responses: Record<string, string> = {};
  for (const question of paper) {
    if (next() < 0.2) continue;
    const letters = Object.keys(question.options);
    if (question.type === 'MCQ') responses[question.long_id] = itemAt(letters, Math.floor(next() * letters.length));
    else if (question.type === 'MSQ') {
      const chosen = letters.filter(() => next() < 0.5);
      responses[question.long_id] = (chosen.length ? chosen : letters.slice(0, 1)).join(',');
    } else {
      const key = Number(question.answerKey?.split(':')[0] ?? 5);
      responses[question.long_id] = String(Math.round((key + (next() < 0.5 ? 0 : next() * 4 - 2)) * 100) / 100);
    }
  }
  return responses;
}

async function seedResults(store: Store, keyed: KeyedPaper): Promise<Question[]> {
  const paper = keyed.questions;
  const scoring = enginePaper(paper);
  const provisional = { version: keyed.paper.keyVersion, keys: keyed.keys };
  const next = seededRandom(2026);
  for (let index = 0; index < RESULTS; index++) {
    const responses = randomResponses(paper, next);
    const total = scoreResponses(responses, scoring, provisional.keys).totalScore;
    const email = `candidate${index}@bench.example`;
    const { id } = await store.results.upsert(
      buildResult({
        candidateId: `CS26S${index}`,
        name: `Candidate ${index}`,
        email,
        paperId: PAPER_SET,
        link: `https://cdn.digialm.com/bench/${index}.html`,
        responses,
        totalMarks: total['Total Marks'],
        finalMarks: total['Final Marks'],
        negativeMarks: total['Negative Marks'],
        attempts: total.Attempts,
        incorrectAttempts: total['Incorrect Attempts'],
        normMarks: total['Total Marks'],
        keyVersion: provisional.version,
        scoredAt: new Date(),
      }),
    );
    await store.scoreAlerts.subscribe({
      resultId: id,
      email,
      paperId: PAPER_SET,
      set: 'CS 1',
      toldTotal: total['Total Marks'],
      toldVersion: provisional.version,
    });
  }
  return paper;
}

/** The final key: three MCQs get another answer. */
function finalKeys(paper: Question[]): Record<string, string> {
  const keys = Object.fromEntries(paper.filter((q) => q.answerKey).map((q) => [q.long_id, q.answerKey!]));
  for (const question of paper.filter((q) => q.type === 'MCQ' && /^[A-D]$/.test(q.answerKey ?? '')).slice(0, 3)) {
    keys[question.long_id] = question.answerKey === 'A' ? 'B' : 'A';
  }
  return keys;
}

async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  await eventually(done, { timeoutMs, intervalMs: 25, what });
  return performance.now();
}

async function runLane(lane: (typeof STORE_LANES)[number]): Promise<void> {
  const fixtures = await startFixtureServer();
  const mailbox = await startMailbox();
  const laneStore = await openLaneStore(lane.mongo);
  const server = await startCheckerServer({
    ...laneStore.env('keyday_bench'),
    SMTP_URL: mailbox.url,
    SCORE_ALERT_QUIET_MS: '0',
    SCORE_ALERT_MAILS_PER_SECOND: MAILS_PER_SECOND,
    RESCORE_POLL_MS: '200',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    await buildPaper(server.store, 'cs1-2026', fixtures);
    const seeding = performance.now();
    const paper = await seedResults(server.store, (await loadKeyedPaper(server.store, PAPER_SET))!);
    console.log(
      `${lane.lane}: ${RESULTS.toLocaleString('en')} results with alerts on, stored in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const keys = finalKeys(paper);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/data/import-key`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`,
      },
      body: JSON.stringify({ paperId: PAPER_SET, keys, label: 'final' }),
    });
    if (!response.ok) throw new Error(`import-key answered ${response.status}: ${await response.text()}`);
    const rescored = await until(
      async () => (await server.store.jobs.list()).every((job) => job.state === 'done'),
      30 * 60_000,
      're-scoring',
    );
    const firstMail = await until(() => mailbox.received.length > 0, 30 * 60_000, 'first mail');
    // Every mail is out once nothing waits in the queue; the peer has them all when its count matches the sent ones.
    await until(
      async () => {
        const counts = await server.store.alertMails.countByState();
        return counts.pending + counts.sending === 0 && mailbox.received.length >= counts.sent;
      },
      60 * 60_000,
      'last mail',
    );
    const lastMail = performance.now();
    const counts = await server.store.alertMails.countByState();
    const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
    console.log(
      `  final key confirmed → re-scored ${seconds(started, rescored)} s → first mail ${seconds(started, firstMail)} s → ` +
        `last mail ${seconds(started, lastMail)} s`,
    );
    console.log(
      `  ${mailbox.received.length.toLocaleString('en')} mails (queue: ${counts.sent} sent, ${counts.failed} failed) ` +
        `for ${RESULTS.toLocaleString('en')} results; sender held ` +
        `${(mailbox.received.length / ((lastMail - firstMail) / 1000)).toFixed(0)} mails/s (limit ${MAILS_PER_SECOND}/s)`,
    );
  } finally {
    await server.close();
    await laneStore.stop();
    await mailbox.close();
    await fixtures.close();
  }
}

for (const lane of STORE_LANES.filter((candidate) => LANES.includes(candidate.mongo ? 'mongodb' : 'embedded'))) {
  await runLane(lane);
}
