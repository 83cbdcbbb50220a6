import { startMongoServer } from '../mongo/server.mjs';

/** The two stores a test server runs on: the embedded files, and MongoDB through mongo-java-server. */
export const STORE_LANES = [
  { lane: 'embedded store', mongo: false },
  { lane: 'MongoDB (mongo-java-server)', mongo: true },
] as const;

export interface LaneStore {
  /** The configuration that puts a test server on this lane's store: a database of its own on MongoDB. */
  env(database: string): Record<string, string>;
  stop(): Promise<void>;
}

/** Starts what the lane needs (a MongoDB server of the test file's own; nothing for the embedded store). */
export async function openLaneStore(mongo: boolean): Promise<LaneStore> {
  const server = mongo ? await startMongoServer() : undefined;
  return {
    env: (database): Record<string, string> => (server ? { MONGODB_URI: `${server.uri}/${database}` } : {}),
    stop: async () => {
      await server?.stop();
    },
  };
}
