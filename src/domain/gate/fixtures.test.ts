import { assert, describe, expect, it } from 'vitest';
import { parseResponseSheet, scoreSheet } from '.';
import {
  expectScorecardMatches,
  fixtureSets,
  loadFixtureSet,
  readFixtureJson,
  readFixtureText,
  type FixturePaper,
} from '../../../test/support/fixture-expectations';

describe.each(fixtureSets)('fixture set %s', (set) => {
  const { paper, keys, sheets } = loadFixtureSet(set);

  it('builds the master paper of paper.json from the master sheet, in master order', () => {
    const fixture = readFixtureJson<FixturePaper>(set, 'paper.json');
    expect(paper.warnings).toEqual([]);
    expect(paper.name).toBe(fixture.name);
    expect(paper.questions).toEqual(
      fixture.questions.map((q) => ({
        long_id: q.questionId,
        short_id: String(q.master),
        name: fixture.name,
        type: q.type,
        marks: q.marks,
        question: q.stem,
        options: q.options,
      })),
    );
  });

  it.each(sheets.map((sheet) => [sheet.expected?.candidateId ?? sheet.file, sheet] as const))(
    'scores %s exactly as expected.json',
    (_id, sheet) => {
      assert.isDefined(sheet.expected, `expected.json has a candidate for ${sheet.file}`);
      const card = scoreSheet(parseResponseSheet(readFixtureText(set, sheet.file)), paper, keys);
      expectScorecardMatches(card, sheet.expected);
    },
  );
});
