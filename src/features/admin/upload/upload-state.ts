import type { AdminQuestion } from '../admin-api';
import { paperDisplayName } from '../paper-name';

/** Upload screen state, kept in localStorage so a reload returns to the same paper and marked answers. */
export interface UploadState {
  formData: { paperLink: string; testPaper: string };
  questions: AdminQuestion[];
  showAnswers: boolean;
  paperUploaded: boolean;
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

/** The heading names the paper by its first question's name (as every admin screen names it), else 'Question Paper'. */
export function paperTitle(questions: AdminQuestion[]): string {
  const name = questions[0]?.name || questions[0]?.paperSet;
  return name ? paperDisplayName(name) : 'Question Paper';
}
