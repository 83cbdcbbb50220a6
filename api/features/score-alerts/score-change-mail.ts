import escapeHtml from 'escape-html';
import {
  displayMarks,
  displaySignedMarks,
  keyVersionName,
  thirdsMoved,
  type ChangedQuestion,
  type KeyVersionStamp,
} from '../../../src/domain/gate';
import { dateTimeInZone } from '../../../src/domain/dates';

/** What one score-change e-mail says: old and new total, why, the new rank, where to look and how to stop them. */
export interface ScoreChangeNews {
  candidateName: string;
  paperId: string;
  key: KeyVersionStamp;
  oldTotal: number;
  newTotal: number;
  /** The questions whose marks moved, with the key change behind each (empty when the old key is not known). */
  questions: ChangedQuestion[];
  predictedRank: { estimate: number; low: number; high: number } | null;
  scorecardUrl: string;
  unsubscribeUrl: string;
  /** The one-click address mail programs call (RFC 8058). */
  oneClickUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const count = (n: number) => n.toLocaleString('en-IN');
/**
 * A mail is read wherever its reader is, so its times are in one zone and name it: India's, where GATE candidates are
 * ('18 Mar 2026, 10:00 IST').
 */
const MAIL_TIME_ZONE = 'Asia/Kolkata';
const when = (iso: string) => dateTimeInZone(iso, MAIL_TIME_ZONE);

function questionLine(question: ChangedQuestion): string {
  return `Q${question.short_id} (${question.type}): ${question.text}. Your marks: ${displayMarks(question.marksBefore)} → ${displayMarks(question.marksAfter)}`;
}

function rankLine(rank: ScoreChangeNews['predictedRank']): string | null {
  if (!rank) return null;
  return `Predicted rank: about ${count(rank.estimate)} (likely between ${count(rank.low)} and ${count(rank.high)})`;
}

export function renderScoreChangeMail(news: ScoreChangeNews): RenderedMail {
  const keyName = keyVersionName(news.key.label);
  // Counted in thirds: totals are stored to two decimals, and 44.33 − 41.67 is the 2⅔ the candidate gained.
  const change = thirdsMoved(news.oldTotal, news.newTotal) / 3;
  const totalLine = `Total marks: ${displayMarks(news.oldTotal)} → ${displayMarks(news.newTotal)} (${displaySignedMarks(change)})`;
  const intro = `The ${keyName.toLowerCase()} of ${news.paperId} (${when(news.key.at)}) changed your marks.`;
  const why = news.questions.length
    ? ['What changed:', ...news.questions.map((question) => `- ${questionLine(question)}`)]
    : ['The answer key changed since you last heard from us.'];
  const rank = rankLine(news.predictedRank);
  const footer = `You get this e-mail because you asked to be told when the answer key changes your score. Stop these e-mails: ${news.unsubscribeUrl}`;
  const text = [
    `Hello ${news.candidateName || 'candidate'},`,
    '',
    intro,
    totalLine,
    ...(rank ? [rank] : []),
    '',
    ...why,
    '',
    `See your updated scorecard: ${news.scorecardUrl}`,
    '',
    footer,
  ].join('\n');
  const e = escapeHtml;
  const html =
    `<p>Hello ${e(news.candidateName || 'candidate')},</p>` +
    `<p>${e(intro)}</p>` +
    `<p><strong>${e(totalLine)}</strong>${rank ? `<br>${e(rank)}` : ''}</p>` +
    (news.questions.length
      ? `<p>What changed:</p><ul>${news.questions.map((question) => `<li>${e(questionLine(question))}</li>`).join('')}</ul>`
      : `<p>${e(why[0] ?? '')}</p>`) +
    `<p><a href="${e(news.scorecardUrl)}">See your updated scorecard</a></p>` +
    `<p style="color:#555">You get this e-mail because you asked to be told when the answer key changes your score. ` +
    `<a href="${e(news.unsubscribeUrl)}">Stop these e-mails</a>.</p>`;
  return {
    subject: `Your ${news.paperId} score changed with the ${keyName.toLowerCase()}: ${displayMarks(news.oldTotal)} → ${displayMarks(news.newTotal)}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${news.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
