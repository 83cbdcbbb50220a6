import pino from 'pino';
import type { Config } from './config';

export function createLogger(config: Pick<Config, 'logLevel'>) {
  return pino({
    level: config.logLevel,
    // Passwords and tokens must never reach a log, whatever a handler logs by mistake.
    redact: ['req.headers.authorization', '*.password', '*.pwd', '*.cnfpwd', '*.passwordHash', '*.token'],
  });
}
