/** The database cannot be reached: MongoDB at start or within a request's wait, or the embedded files. Answers 503. */
export class StoreUnavailableError extends Error {
  /** 'unreachable': it refused or failed; 'timeout': it did not answer within its deadline (docs/configuration.md). */
  readonly kind: 'unreachable' | 'timeout';
  /** An outage is expected now and then: the log gives it one line, its stack only at debug (api/logger.ts). */
  readonly expected = true;

  constructor(message: string, options: { cause?: unknown; kind?: 'unreachable' | 'timeout' } = {}) {
    super(message, { cause: options.cause });
    this.name = 'StoreUnavailableError';
    this.kind = options.kind ?? 'unreachable';
  }
}
