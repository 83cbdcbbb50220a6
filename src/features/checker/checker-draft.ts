/**
 * What the candidate typed into the checker, kept on this device so the checker opens with it again: after a failed
 * scorecard ("Back to the checker"), in the tab the verification mail opened, after a reload. It is the candidate's
 * own device, and nothing of it goes into an address. A draft older than a day is dropped, as the mail's link is.
 */

export interface CheckerForm {
  gateLink: string;
  testPaper: string;
  email: string;
  /** A saved page uploaded here that waits for a verified e-mail: its stored result's id (the e-mail step is for it). */
  upload?: string;
}

export const EMPTY_FORM: CheckerForm = { gateLink: '', testPaper: '', email: '' };

const DRAFT_KEY = 'hiregate.checker';
export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

type DraftStorage = Pick<Storage, 'getItem' | 'setItem'>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function readDraft(storage: DraftStorage, now = Date.now()): CheckerForm {
  try {
    const draft = JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null') as Record<string, unknown> | null;
    if (!draft || typeof draft.savedAt !== 'number' || now - draft.savedAt > DRAFT_LIFETIME_MS) return EMPTY_FORM;
    const upload = text(draft.upload);
    return {
      gateLink: text(draft.gateLink),
      testPaper: text(draft.testPaper),
      email: text(draft.email),
      ...(upload ? { upload } : {}),
    };
  } catch {
    return EMPTY_FORM;
  }
}

/** Keeps the form; a full or blocked storage (private mode) only means the next visit starts empty. */
export function keepDraft(storage: DraftStorage, form: CheckerForm, now = Date.now()): void {
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify({ ...form, savedAt: now }));
  } catch {
    // Nothing lost that the candidate cannot type again.
  }
}
