import { describe, expect, it } from 'vitest';
import type { DocumentCollection } from './collection';
import { memoryLimiters } from './limit-counts';
import { isFileOutage, storeOver, type OpenCollection } from './open-store';
import { storeGate } from './deadlines';
import { DuplicateError, StoreUnavailableError } from './types';

/** Collections whose every call fails with this error, as a datafile write on a full disk does. */
function failingCollections(error: unknown): OpenCollection {
  const fail = () => Promise.reject(error instanceof Error ? error : new Error(String(error)));
  const collection = {
    insertOne: fail,
    findOne: fail,
    find: fail,
    project: fail,
    count: fail,
    updateOne: fail,
    deleteMany: fail,
  } as unknown as DocumentCollection<never>;
  return () => collection;
}

const DEADLINES = { operationMs: 500, bulkMs: 1_000 };
/** An adapter with a gate of its own, which takes these failures for outages. */
const adapter = (isOutage: (error: unknown) => boolean = isFileOutage) => ({
  kind: 'embedded' as const,
  limiters: memoryLimiters,
  ensureIndexes: () => Promise.resolve(),
  ping: () => Promise.resolve(true),
  close: () => Promise.resolve(),
  gate: storeGate(DEADLINES, isOutage, () => Promise.resolve()),
});
const mail = { to: 'a@example.com', subject: 's', text: 't', createdAt: new Date() };

describe('storeOver', () => {
  it.each(['ENOSPC', 'EROFS', 'EACCES', 'EIO'])('turns a file error (%s) into StoreUnavailableError', async (code) => {
    const store = storeOver(failingCollections(Object.assign(new Error(code), { code })), adapter());
    await expect(store.mail.add(mail)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.results.count()).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('asks the adapter which of its own failures are outages', async () => {
    const lost = new Error('connection lost');
    const store = storeOver(
      failingCollections(lost),
      adapter((error) => error === lost),
    );
    await expect(store.mail.add(mail)).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('passes every other failure on as it is', async () => {
    const duplicate = new DuplicateError('mail');
    await expect(storeOver(failingCollections(duplicate), adapter()).mail.add(mail)).rejects.toBe(duplicate);
  });
});
