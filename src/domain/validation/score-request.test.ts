import { describe, expect, it } from 'vitest';
import { firstErrors } from './accounts';
import { scoreRequestSchema, verificationRequestSchema } from './score-request';

async function errorsOf(schema: typeof scoreRequestSchema | typeof verificationRequestSchema, values: object) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    return firstErrors(error);
  }
}

const LINK = 'https://cdn.digialm.com/per/g01/pub/585/sheet.html';

describe('score request rules (spec §5)', () => {
  it('requires the response link and the test paper', async () => {
    expect(await errorsOf(scoreRequestSchema, { link: '  ', testPaper: '' })).toEqual({
      link: 'This field is required',
      testPaper: 'This field is required',
    });
  });

  it('accepts the three test papers and nothing else', async () => {
    for (const testPaper of ['CS 1', 'CS 2', 'DA']) {
      expect(await errorsOf(scoreRequestSchema, { link: LINK, testPaper })).toEqual({});
    }
    expect(await errorsOf(scoreRequestSchema, { link: LINK, testPaper: 'ME' })).toEqual({
      testPaper: 'Choose one of CS 1, CS 2, DA',
    });
  });

  it('checks an e-mail sent with a score request only when one is given', async () => {
    expect(await errorsOf(scoreRequestSchema, { link: LINK, testPaper: 'DA', email: '' })).toEqual({});
    expect(await errorsOf(scoreRequestSchema, { link: LINK, testPaper: 'DA', email: 'nope' })).toEqual({
      email: 'Email is not valid',
    });
  });

  it('needs a valid e-mail in verification mode', async () => {
    expect(await errorsOf(verificationRequestSchema, { link: LINK, email: '' })).toEqual({
      email: 'This field is required',
    });
    expect(await errorsOf(verificationRequestSchema, { link: LINK, email: 'a@b' })).toEqual({
      email: 'Email is not valid',
    });
    expect(await errorsOf(verificationRequestSchema, { link: '', email: 'asha@example.in' })).toEqual({
      link: 'This field is required',
    });
  });
});
