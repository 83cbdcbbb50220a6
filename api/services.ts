import type { Logger } from 'pino';
import type { Config } from './config';
import type { Store, StoreWatch } from './store';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './http/metrics';
import type { PortalTraffic } from './sheets/portal-traffic';
import type { Papers } from './papers';
import type { RequireAdmin } from './features/accounts/admin-auth';

/** What every feature's routes are built from; createApp assembles it once. */
export interface Services {
  config: Config;
  store: Store;
  logger: Logger;
  mailer: Mailer;
  metrics: Metrics;
  /** The one budget of requests to the GATE portal, and their metric: every fetcher of the app takes its hooks. */
  portal: PortalTraffic;
  /** Which paper a sheet is, the key it scores with, the one way a key changes, re-scoring (api/papers). */
  papers: Papers;
  /** The admin guard (valid admin Basic auth, or 401/403/429), from the accounts feature. */
  requireAdmin: RequireAdmin;
  /** Notices the store changing under the instance (a restore) and makes its memory follow; readiness waits for it. */
  storeWatch: StoreWatch;
  /** Set once the server is closing: readiness then answers 503 so a proxy sends new work elsewhere. */
  lifecycle: Lifecycle;
}

export interface Lifecycle {
  draining: boolean;
  /** Work to end once requests are done and before the store closes (the re-scoring worker gives its lease up). */
  /** Run in order: the workers stop before the mailer closes its connections. */
  onClose: Array<() => Promise<void>>;
}
