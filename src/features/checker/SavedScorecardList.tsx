import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { clearScorecards, deleteScorecard, listScorecards, type SavedScorecard } from '../../lib/db';
import { noteSavedScorecards } from '../../lib/db-presence';
import { dateTimeText } from '../../domain/dates';
import { displayMarks } from '../../domain/gate';
import { DeviceAccessControls } from './DeviceAccessControls';

type SavedList = { state: 'loading' } | { state: 'ready'; items: SavedScorecard[] };

/** Scorecards kept in IndexedDB, newest first, live: a scorecard saved by the modal or another tab appears at once. */
function useSavedScorecards(): SavedList {
  const [list, setList] = useState<SavedList>({ state: 'loading' });
  useEffect(() => {
    const subscription = liveQuery(listScorecards).subscribe({
      next: (items) => {
        // Scorecards saved before the flag existed: from now on their links open them from the device too.
        if (items.length > 0) noteSavedScorecards();
        setList({ state: 'ready', items });
      },
      error: (error) => console.warn('Saved scorecards are unavailable', error),
    });
    return () => subscription.unsubscribe();
  }, []);
  return list;
}

async function remove(id?: string) {
  await (id ? deleteScorecard(id) : clearScorecards());
}

/** Issue 10: the scorecards opened on this device, to re-open offline; delete one or all. */
export function SavedScorecardList() {
  const list = useSavedScorecards();
  if (list.state === 'loading' || list.items.length === 0) return null;
  return (
    <section className="saved-scorecards" aria-labelledby="saved-scorecards-title">
      <div className="saved-scorecards__header">
        <h3 id="saved-scorecards-title">Saved on this device</h3>
        <button type="button" className="button saved-scorecards__clear" onClick={() => void remove()}>
          Delete all
        </button>
      </div>
      <ul className="saved-scorecards__list">
        {list.items.map((item) => {
          const who = item.candidateName || item.candidateId || 'Scorecard';
          return (
            <li key={item.id} className="saved-scorecards__item">
              <a href={`/scorecard?${new URLSearchParams({ saved: item.id })}`} className="saved-scorecards__open">
                <strong>{who}</strong>
                <span>
                  {item.testPaper} · {displayMarks(item.totalMarks)} marks · saved {dateTimeText(item.savedAt)}
                </span>
              </a>
              <button
                type="button"
                className="button saved-scorecards__delete"
                aria-label={`Delete the saved scorecard of ${who}, ${item.testPaper}`}
                onClick={() => void remove(item.id)}
              >
                Delete
              </button>
            </li>
          );
        })}
      </ul>
      <DeviceAccessControls />
    </section>
  );
}
