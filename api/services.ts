import type { Logger } from 'pino';
import type { Config } from './config';
import type { Store } from './store';
import type { Mailer } from './mail/mailer';

/** What every feature's routes are built from; createApp assembles it once. */
export interface Services {
  config: Config;
  store: Store;
  logger: Logger;
  mailer: Mailer;
}
