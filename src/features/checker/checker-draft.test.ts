import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../test/support/memory-storage';
import { DRAFT_LIFETIME_MS, EMPTY_FORM, keepDraft, readDraft } from './checker-draft';

const typed = {
  gateLink: 'https://cdn.digialm.com/per/g01/sheet.html',
  testPaper: 'CS 1',
  email: 'asha@example.com',
  upload: 'result-9',
};

describe('the checker keeps what was typed', () => {
  it('gives back the link, paper, address and waiting upload after leaving the checker', () => {
    const storage = new MemoryStorage();
    keepDraft(storage, typed, 1_000);
    expect(readDraft(storage, 2_000)).toEqual(typed);
  });

  it('starts empty on a first visit, after a day, or from a damaged entry', () => {
    const storage = new MemoryStorage();
    expect(readDraft(storage)).toEqual(EMPTY_FORM);
    keepDraft(storage, typed, 1_000);
    expect(readDraft(storage, 1_000 + DRAFT_LIFETIME_MS + 1)).toEqual(EMPTY_FORM);
    storage.setItem('hiregate.checker', '{not json');
    expect(readDraft(storage)).toEqual(EMPTY_FORM);
  });

  it('loses nothing but the draft when the storage refuses it', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => keepDraft(full, typed)).not.toThrow();
  });
});
