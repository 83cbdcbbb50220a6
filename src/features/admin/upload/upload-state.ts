import type { AdminQuestion } from '../admin-api';

/** Upload screen state, kept in localStorage so a reload returns to the same paper and marked answers. */
export interface UploadState {
  formData: { paperLink: string; testPaper: string };
  questions: AdminQuestion[];
  showAnswers: boolean;
  paperUploaded: boolean;
  /** What the server said it did with the sheet: a new paper, or the paper already here with its keys. */
  message?: string;
}

export const UPLOAD_STATE_KEY = 'adminUploadState';

export const emptyUploadState = (): UploadState => ({
  formData: { paperLink: '', testPaper: '' },
  questions: [],
  showAnswers: false,
  paperUploaded: false,
});

export function readUploadState(storage: Storage): UploadState {
  try {
    const stored = JSON.parse(storage.getItem(UPLOAD_STATE_KEY) ?? 'null') as Partial<UploadState> | null;
    if (!stored || !Array.isArray(stored.questions)) return emptyUploadState();
    return { ...emptyUploadState(), ...stored, questions: stored.questions };
  } catch {
    return emptyUploadState();
  }
}

export function writeUploadState(storage: Storage, state: UploadState): void {
  try {
    storage.setItem(UPLOAD_STATE_KEY, JSON.stringify(state));
  } catch (error) {
    // A full storage quota only costs the reload convenience, never the admin's work on screen.
    console.warn('Could not keep the upload state', error);
  }
}

export function clearUploadState(storage: Storage): void {
  storage.removeItem(UPLOAD_STATE_KEY);
}

/** The heading names the paper by its first question's name (the server's name for it), else 'Question Paper'. */
export function paperTitle(questions: AdminQuestion[]): string {
  return questions[0]?.name || 'Question Paper';
}
