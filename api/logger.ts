import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config';

/** An error that marks itself expected now and then (StoreUnavailableError: the database is out of reach). */
const isExpected = (error: unknown): error is Error =>
  error instanceof Error && (error as { expected?: unknown }).expected === true;

/** Expected errors as logged at info and above: written without their stack (errorWithoutStack). */
const stackless = new WeakSet<Error>();

function withoutStack(error: Error): Error {
  const shown = Object.create(error) as Error;
  stackless.add(shown);
  return shown;
}

function errorWithoutStack(error: Error) {
  const written = pino.stdSerializers.err(error);
  if (!stackless.has(error)) return written;
  const { stack: _stack, ...rest } = written;
  return rest;
}

/**
 * The server's logger, on standard output unless a destination is given (bench:logs counts lines). An expected error
 * (a store outage) logged at info or above keeps its type and message but leaves its stack to a debug line: an outage
 * of seconds is hundreds of 503s, each worth one short line, not a stack trace.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    // Passwords and tokens must never reach a log, whatever a handler logs by mistake.
    redact: ['req.headers.authorization', '*.password', '*.pwd', '*.cnfpwd', '*.passwordHash', '*.token'],
    serializers: { err: errorWithoutStack },
    hooks: {
      logMethod(args, method, level) {
        const [fields, ...rest] = args as [unknown, ...unknown[]];
        const error = (fields as { err?: unknown } | null)?.err;
        if (level <= this.levels.values.debug! || !isExpected(error)) return method.apply(this, args);
        method.apply(this, [{ ...(fields as object), err: withoutStack(error) }, ...rest] as Parameters<typeof method>);
        this.debug({ err: error }, typeof rest[0] === 'string' ? rest[0] : 'expected failure');
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
