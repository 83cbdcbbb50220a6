import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { databaseMayExist, DATABASE_NAME } from './db-presence';
import { HireGateDatabase } from './db';

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
