import { describe, expect, it } from 'vitest';
import type { QuestionType } from '../../../domain/gate';
import type { AdminQuestion } from '../admin-api';
import { documentVersionText, previewLines, previewTally } from './key-rows-preview';
import { KeyRowsError, PASTED_ROWS, readKeyRows } from './key-rows-reading';

/** A paper of five questions (GA 1-2, the subject 11-13), some keyed already. */
const question = (shortId: number, type: QuestionType, answerKey?: string): AdminQuestion => ({
  _id: `q${shortId}`,
  long_id: String(8000 + shortId),
  short_id: String(shortId),
  name: 'GATE 2026 CS 1',
  paperId: 'CS1-2026',
  type,
  marks: shortId <= 5 ? 1 : 2,
  question: `https://example.com/q${shortId}.png`,
  options: type === 'NAT' ? {} : { A: 'a.png', B: 'b.png', C: 'c.png', D: 'd.png' },
  ...(answerKey ? { answerKey } : {}),
});
const paper = [
  question(1, 'MCQ', 'B'),
  question(2, 'MSQ', 'A;C'),
  question(11, 'NAT'),
  question(12, 'MCQ', 'C'),
  question(13, 'NAT', '2.6:2.8'),
];

const preview = (rows: string) => {
  const lines = previewLines(readKeyRows(rows, PASTED_ROWS, paper).reading, paper);
  return lines.map(({ question, key, status, problems }) => ({ question, key, status, problems: problems.length }));
};

describe('the preview of official key rows', () => {
  it('says of every row what it does to the question it names, the rows that matter first', () => {
    const rows = ['1 MCQ GA D', '2 MSQ GA C;A', '11 NAT CS 2.6 to 2.8', '13 NAT CS 2.5 to 2.9', '66 MCQ CS B'];
    expect(preview(rows.join('\n'))).toEqual([
      { question: 'Q66', key: '—', status: 'flagged', problems: 1 },
      { question: 'Q12 · MCQ', key: 'C', status: 'flagged', problems: 1 },
      { question: 'Q1 · MCQ', key: 'B → D', status: 'changes', problems: 0 },
      { question: 'Q13 · NAT', key: '2.6 to 2.8 → 2.5 to 2.9', status: 'changes', problems: 0 },
      { question: 'Q11 · NAT', key: '2.6 to 2.8', status: 'new', problems: 0 },
      { question: 'Q2 · MSQ', key: 'A, C', status: 'unchanged', problems: 0 },
    ]);
  });

  it('flags a row whose type differs from the paper but still shows the change it makes', () => {
    const [line] = preview('1 MSQ GA D');
    expect(line).toEqual({ question: 'Q1 · MCQ', key: 'B → D', status: 'flagged', problems: 1 });
  });

  it('counts the keys and each kind of row', () => {
    const rows = '1 MCQ GA D\n2 MSQ GA A;C\n11 NAT CS 1 to 2\n12 MCQ CS C\n13 NAT CS 2.6 to 2.8';
    const lines = previewLines(readKeyRows(rows, PASTED_ROWS, paper).reading, paper);
    expect(previewTally(lines, 5)).toBe('5 keys, 0 flagged: 1 change, 1 new, 3 unchanged');
  });

  it('says so when pasted text holds no key row', () => {
    expect(() => readKeyRows('Q. No. Q. Type Section Key/Range\nnothing else', PASTED_ROWS, paper)).toThrow(
      new KeyRowsError(
        'No answer-key rows were found in the pasted rows. Is it the official answer key, with the columns Q. No., Q. Type, Section and Key/Range?',
      ),
    );
  });
});

describe('what a key document says of itself, in the preview', () => {
  it('names the status and the date the document prints, and nothing when it prints neither', () => {
    expect(documentVersionText({ status: 'final', date: '2025-03-10' })).toBe(
      'The document calls itself the final key, dated 10 Mar 2025.',
    );
    expect(documentVersionText({ status: 'provisional' })).toBe('The document calls itself the provisional key.');
    expect(documentVersionText({ date: '2025-02-25' })).toBe('The document calls itself a key, dated 25 Feb 2025.');
    expect(documentVersionText({})).toBeNull();
  });
});
