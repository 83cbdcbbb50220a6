export class MongoServerStartError extends Error {}

export interface RunningMongoServer {
  /** mongodb://127.0.0.1:<port>, naming no database. */
  uri: string;
  port: number;
  /** The Java process: a test freezes it (SIGSTOP) to play a database that hangs. */
  pid: number;
  stop(): Promise<void>;
}

/** The classpath of mongo-java-server, resolved by Maven once and cached in test/mongo/target/. */
export function resolveClasspath(): string;

/** Starts mongo-java-server on 127.0.0.1 (port 0 = a free one); rejects with MongoServerStartError if it cannot. */
export function startMongoServer(options?: { port?: number }): Promise<RunningMongoServer>;
