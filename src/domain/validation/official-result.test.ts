import { describe, expect, it } from 'vitest';
import { OFFICIAL_RESULT_MESSAGES as M, officialResultSchema } from './official-result';

const firstError = async (input: Record<string, unknown>) => {
  try {
    await officialResultSchema.validate(input);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('the official result form and call', () => {
  it('takes a typed AIR and GATE score with consent, and the scorecard PDF’s marks, paper and year', async () => {
    expect(await officialResultSchema.validate({ rank: '1432', score: '702', consent: true })).toMatchObject({
      rank: 1432,
      score: 702,
      source: 'typed',
    });
    expect(
      await officialResultSchema.validate({
        rank: 12,
        score: 980,
        marks: 88.5,
        paper: 'CS',
        year: 2026,
        source: 'pdf',
        consent: true,
      }),
    ).toMatchObject({ marks: 88.5, paper: 'CS', year: 2026, source: 'pdf' });
    expect(
      (await officialResultSchema.validate({ rank: 5, score: 900, marks: '', consent: true })).marks,
    ).toBeUndefined();
  });

  it('says what to type when the AIR or score is not a whole number, and keeps nothing without consent', async () => {
    expect(await firstError({ rank: '12.5', score: 700, consent: true })).toBe(M.rank);
    expect(await firstError({ rank: 0, score: 700, consent: true })).toBe(M.rank);
    expect(await firstError({ rank: 10, score: 'high', consent: true })).toBe(M.score);
    expect(await firstError({ rank: 10, score: 1001, consent: true })).toBe(M.score);
    expect(await firstError({ rank: 10, score: 700, consent: false })).toBe(M.consent);
    expect(await firstError({ rank: 10, score: 700 })).toBe(M.consent);
    expect(await firstError({ rank: 10, score: 700, paper: 'computer', consent: true })).toBe(M.paper);
  });
});
