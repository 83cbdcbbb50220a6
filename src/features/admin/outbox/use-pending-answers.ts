import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { db } from '../../../lib/db';

/** The ids of questions with a save still waiting in the outbox ('Pending sync'); follows every outbox change. */
export function usePendingAnswerIds(): ReadonlySet<string> {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const subscription = liveQuery(() => db.outbox.toArray()).subscribe({
      next: (entries) => setPending(new Set(entries.map((entry) => entry.questionId))),
      error: (error) => console.warn('Could not read the answer outbox', error),
    });
    return () => subscription.unsubscribe();
  }, []);
  return pending;
}
