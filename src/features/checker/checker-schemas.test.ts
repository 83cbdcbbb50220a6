import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../../domain/validation/accounts';
import { SHEET_LINK_MESSAGES } from '../../domain/validation/score-request';
import { checkerSchemas } from './checker-schemas';

const schemas = checkerSchemas('http://hiregate.test');
const sheet = 'https://cdn.digialm.com/per/g01/pub/585/touchstone/AssessmentQPHTMLMode1/CS25S1.html';

/** The message the form shows under a field, as useSchemaForm reads it (the first failing rule). */
function messageAt(schema: (typeof schemas)[keyof typeof schemas], path: string, values: object) {
  try {
    schema.validateSyncAt(path, values);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('checker forms', () => {
  it('asks for a link before saying what is wrong with one', () => {
    expect(messageAt(schemas.score, 'link', { link: '  ', testPaper: 'CS 1' })).toBe(REQUIRED);
  });

  it('refuses a link that cannot be a response sheet, with what to copy instead', () => {
    expect(messageAt(schemas.score, 'link', { link: 'cdn.digialm.com/x.html' })).toBe(SHEET_LINK_MESSAGES.notALink);
    expect(messageAt(schemas.linkEmail, 'link', { link: 'https://cdn.digialm.com/per/g01/' })).toBe(
      SHEET_LINK_MESSAGES.notASheetPage,
    );
    expect(messageAt(schemas.score, 'link', { link: 'http://cdn.digialm.com/x.html' })).toBe(
      SHEET_LINK_MESSAGES.notHttps,
    );
  });

  it("takes a portal sheet, and the app's own demo sheets over plain http", () => {
    expect(messageAt(schemas.score, 'link', { link: ` ${sheet} ` })).toBeUndefined();
    expect(messageAt(schemas.score, 'link', { link: 'http://hiregate.test/demo/sheets/cs-1.html' })).toBeUndefined();
  });

  it('gives the trimmed request when the form may be sent', () => {
    expect(schemas.score.validateSync({ link: ` ${sheet} `, testPaper: 'CS 1', email: '' })).toMatchObject({
      link: sheet,
      testPaper: 'CS 1',
    });
  });

  it('lets a saved page go without a link, but not with a wrong one', () => {
    expect(messageAt(schemas.savedPage, 'link', { link: '', testPaper: 'CS 1' })).toBeUndefined();
    expect(messageAt(schemas.savedPage, 'link', { link: 'not a link', testPaper: 'CS 1' })).toBe(
      SHEET_LINK_MESSAGES.notALink,
    );
    expect(messageAt(schemas.savedPage, 'testPaper', { link: '' })).toBe(REQUIRED);
  });

  it("needs only the address for an uploaded page's e-mail step", () => {
    expect(schemas.uploadEmail.isValidSync({ email: 'asha@example.com' })).toBe(true);
    expect(messageAt(schemas.linkEmail, 'email', { link: sheet, email: '' })).toBe(REQUIRED);
  });
});
