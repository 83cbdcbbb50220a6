import { describe, expect, it } from 'vitest';
import type { Store } from '../types';
import { embeddedCapacityWarning } from './capacity';

const storeOf = (kind: Store['kind'], results: number) =>
  ({ kind, results: { count: () => Promise.resolve(results) } }) as unknown as Store;

describe("the embedded store's capacity", () => {
  it('warns once the results are more than it serves well', async () => {
    expect(await embeddedCapacityWarning(storeOf('embedded', 101), 100)).toEqual({ results: 101, limit: 100 });
  });

  it('stays quiet at the limit, and for MongoDB whatever it holds', async () => {
    expect(await embeddedCapacityWarning(storeOf('embedded', 100), 100)).toBeUndefined();
    expect(await embeddedCapacityWarning(storeOf('mongodb', 5_000_000), 100)).toBeUndefined();
  });
});
