import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { databaseMayExist, DATABASE_NAME, mayHaveSavedScorecards, noteSavedScorecards } from './db-presence';
import { HireGateDatabase } from './db';
import { MemoryStorage } from '../../test/support/memory-storage';

describe('telling without Dexie whether the app database exists', () => {
  it('says no before the app has opened its database, and yes after', async () => {
    expect(await databaseMayExist('hiregate-presence')).toBe(false);
    const db = new HireGateDatabase('hiregate-presence');
    await db.open();
    expect(await databaseMayExist('hiregate-presence')).toBe(true);
    db.close();
  });

  it('looks for the name db.ts gives the database', () => {
    expect(new HireGateDatabase().name).toBe(DATABASE_NAME);
  });
});

describe('telling without IndexedDB whether this browser has saved a scorecard', () => {
  it('says no until a scorecard is saved, and yes from then on', () => {
    const storage = new MemoryStorage();
    expect(mayHaveSavedScorecards(storage)).toBe(false);
    noteSavedScorecards(storage);
    expect(mayHaveSavedScorecards(storage)).toBe(true);
  });

  it('says there may be some when it cannot read the flag, so IndexedDB is asked', () => {
    const blocked = new MemoryStorage();
    blocked.getItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(mayHaveSavedScorecards(blocked)).toBe(true);
    expect(mayHaveSavedScorecards(undefined)).toBe(true);
  });
});
