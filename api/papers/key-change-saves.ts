import type { KeySave, KeyVersion, KeyVersionSource, Store } from '../store';
import { keysOf } from './engine-paper';
import type { Rescorer } from './rescoring';

/** One question's new key, as an edit, an import row, a PDF row or a queued offline save brings it. */
export interface KeyChange {
  questionId: string;
  answerKey: string;
  /** A queued save's operation id: the same id is applied once. */
  opId?: string;
  /** When the administrator made it: a save older than the stored key is ignored (newest wins). */
  clientTime?: Date;
}

/** What made a key version: its name ('provisional', 'final', 'Edited Q12', …), its kind and the administrator. */
export interface KeyVersionMade {
  label: string;
  source: KeyVersionSource;
  by?: string;
}

export interface KeyChangeOutcome {
  /** Each change's save, in the order given (null: no such question in this paper). */
  saves: Array<KeySave | null>;
  /** The version the applied changes made; null when none applied (repeats, stale saves, the same key again). */
  version: KeyVersion | null;
}

export interface KeyChanges {
  /**
   * The one way a paper's key changes, whatever its source: saves the keys, records the whole key as a new version,
   * publishes that version (checks score with it from then on; PAPER_FRESH_MS on every instance) and asks for the
   * stored results to be re-scored. Score-change mails follow from the recorded version (score-alerts' planner).
   * `marks` are the marks an official key's Marks column gives (a paper with parts): they join the version's marks,
   * and marks that differ from the published version's make a version even when no key changed.
   */
  apply(
    paperId: string,
    changes: readonly KeyChange[],
    made: KeyVersionMade,
    options?: { marks?: Readonly<Record<string, number>> },
  ): Promise<KeyChangeOutcome>;
}

const sameEntries = <T>(a: Readonly<Record<string, T>>, b: Readonly<Record<string, T>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([id, value]) => b[id] === value);

export function createKeyChanges(store: Store, rescorer: Pick<Rescorer, 'schedule'>): KeyChanges {
  async function publishedVersion(paperId: string): Promise<KeyVersion | null> {
    const paper = await store.papers.findById(paperId);
    if (!paper || paper.keyVersion === 0) return null;
    return store.keyVersions.find(paperId, paper.keyVersion);
  }

  return {
    async apply(paperId, changes, made, { marks: keyMarks } = {}) {
      const saves: Array<KeySave | null> = [];
      for (const { questionId, answerKey, opId, clientTime } of changes) {
        const question = await store.questions.findById(questionId);
        const save =
          question && question.paperId === paperId
            ? await store.questions.setAnswerKey(questionId, answerKey, { opId, clientTime })
            : null;
        saves.push(save);
      }
      const before = await publishedVersion(paperId);
      const marks = { ...before?.marks, ...keyMarks };
      const marksChanged = !sameEntries(before?.marks ?? {}, marks);
      if (!marksChanged && !saves.some((save) => save?.outcome === 'applied')) return { saves, version: null };
      // The number is taken after the saves and the keys read after it: a version holds every save numbered before it.
      const number = await store.papers.issueKeyVersion(paperId);
      const keys = keysOf(await store.questions.listByPaperId(paperId));
      // A save of the key a question already had changes nothing: no version, no re-scoring, no mail.
      const published = await publishedVersion(paperId);
      if (published && sameEntries(published.keys, keys) && sameEntries(published.marks ?? {}, marks)) {
        return { saves, version: null };
      }
      const version = await store.keyVersions.record({
        paperId,
        version: number,
        keys,
        ...(Object.keys(marks).length > 0 ? { marks } : {}),
        createdAt: new Date(),
        ...made,
      });
      await store.papers.publishKeyVersion(paperId, number);
      await rescorer.schedule(paperId);
      return { saves, version };
    },
  };
}
