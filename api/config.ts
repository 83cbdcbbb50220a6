import { version } from '../package.json';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

/** A killed instance's re-scoring job is taken over within lease + poll. */
export const RESCORE_LEASE_MS = 15_000;
export const RESCORE_POLL_MS = 2_000;
/** Score-change mails wait until a paper's key has not changed for this long, so a run of edits sends one mail. */
export const SCORE_ALERT_QUIET_MS = 60_000;
export const SCORE_ALERT_MAILS_PER_SECOND = 10;
/** How often each instance's background work looks again: score-change mails due, the store's identity, new marks. */
export const SCORE_ALERT_POLL_MS = 2_000;
export const STORE_LOOK_MS = 1_000;
export const SNAPSHOT_REFRESH_MS = 1_000;
/**
 * Requests to the GATE portal, all instances together: 50 a second, far above a results day's new sheets (a check
 * reads a link once, then from memory) and a paper's ~300 images per instance, yet no flood the portal would block.
 */
export const PORTAL_FETCHES_PER_MINUTE = 3_000;
/** New images per client address: a first view of two papers' scorecards (~300 images each). */
export const IMAGE_FETCHES_PER_MINUTE = 600;
/** A device's access token lasts this many days unused; each use renews it. */
export const ACCESS_TOKEN_DAYS = 30;
const DAY_MS = 86_400_000;

/** Everything the server reads from its environment, validated once at start. */
export interface Config {
  port: number;
  host: string;
  mongodbUri: string | undefined;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
  /** Folder holding the built web app (index.html, assets, sw.js). */
  distDir: string;
  /** Public origin used in links we e-mail (verification, password reset). */
  appOrigin: string;
  /** Value every account call must carry in x-client-code. */
  clientCode: string;
  /** HMAC secret for verification tokens and JWT access tokens. */
  secret: string;
  requireEmailVerification: boolean;
  /** How long a device's access token lasts unused (ACCESS_TOKEN_DAYS); each use renews it (scorecard-access.ts). */
  accessLifetimeMs: number;
  /** Hosts the response-sheet fetcher accepts; listed hosts may be private (tests, demo). */
  responseSheetHosts: string[];
  fetchTimeoutMs: number;
  fetchMaxBytes: number;
  /**
   * Deadlines of the store's operations (api/store/deadlines.ts): a point operation (what a request waits for) and a
   * bulk read; unset = the store's own (MongoDB 1 s, the embedded store 5 s; 60 s for bulk reads).
   */
  storeTimeoutMs: number | undefined;
  storeBulkTimeoutMs: number | undefined;
  /** How long the server works on one API request before it answers 503 (the client's upload time not counted). */
  requestTimeoutMs: number;
  bodyLimitBytes: number;
  /** Checks and verification mails allowed per client address per minute. */
  rateLimitPerMinute: number;
  /** Official results and saved-page uploads one network (IPv4 /24, IPv6 /48) may send per day, all instances together. */
  officialReportsPerNetworkPerDay: number;
  uploadsPerNetworkPerDay: number;
  /** Official results from one network in a day past which each one logs a warning (and counts in the metric). */
  reportAlertPerNetwork: number;
  /** A warning fires when official results move a paper's predicted ranks by more than this share within the window. */
  reportAlertRankShift: number;
  reportAlertWindowMs: number;
  /** Requests to the GATE portal per minute, sheets and images, all instances together. */
  portalFetchesPerMinute: number;
  /** Images not yet in memory that one client address may have the image proxy fetch per minute. */
  imageFetchesPerMinute: number;
  /**
   * Take the client address from X-Forwarded-For. Only behind a reverse proxy that sets it: otherwise any client
   * could name a new address per request and dodge the rate limits.
   */
  trustProxy: boolean;
  /**
   * Proxies in front of this server that append to X-Forwarded-For (nginx: 1). The client address is the entry that
   * many places from the right: what the outermost trusted proxy saw. Entries further left are the client's own
   * words and never read. 0 when TRUST_PROXY is off.
   */
  trustProxyHops: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /**
   * The build offers "Sign in with Google" (VITE_GOOGLE_CLIENT_ID, read by `vite build`): the security policy then
   * lets Google's sign-in script and frame in.
   */
  googleSignIn: boolean;
  /** Re-scoring jobs: how long a claimed job stays an instance's without renewal, and how often instances look. */
  rescoreLeaseMs: number;
  rescorePollMs: number;
  /** Score-change mails: the quiet time a key must keep before they are planned, and the sending rate (all instances). */
  scoreAlertQuietMs: number;
  scoreAlertMailsPerSecond: number;
  /** How often an instance plans and sends due score-change mails. */
  scoreAlertPollMs: number;
  /** How often an instance asks the store which database it is (a restore is noticed within two of these). */
  storeLookMs: number;
  /** How often a paper's marks snapshot reads the results changed since its last look. */
  snapshotRefreshMs: number;
  /** Bearer token that opens GET /metrics; unset = metrics off. */
  metricsToken: string | undefined;
  /** Seed demo papers and serve sample sheets under /demo (always on for the embedded store). */
  demo: boolean;
  version: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'] as const;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** A whole number in range, or undefined when unset. */
function optionalInteger(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : integer(env, name, 0, min, max);
}

/**
 * A request's deadline must leave room for the portal's: a check may wait FETCH_TIMEOUT_MS for its sheet and still
 * have its store work to do. The default is the fetch's deadline and 10 s (20 s).
 */
function requestTimeout(env: Env, fetchTimeoutMs: number): number {
  const value = integer(env, 'REQUEST_TIMEOUT_MS', fetchTimeoutMs + 10_000, 1_000, 600_000);
  if (value <= fetchTimeoutMs) {
    throw new ConfigError(`REQUEST_TIMEOUT_MS (${value}) must be longer than FETCH_TIMEOUT_MS (${fetchTimeoutMs})`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function origin(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.origin;
  } catch {
    throw new ConfigError(`${name} must be an http(s) origin such as https://hiregate.example, got "${raw}"`);
  }
}

/** A secret from the environment, else one generated once and kept in DATA_DIR so links survive restarts. */
function persistentSecret(env: Env, dataDir: string): string {
  const given = env.VERIFY_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 16) throw new ConfigError('VERIFY_SECRET must be at least 16 characters long');
    return given;
  }
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function metricsToken(env: Env): string | undefined {
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && !/^\S{16,}$/.test(token)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces');
  }
  return token;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const mongodbUri = env.MONGODB_URI || undefined;
  if (mongodbUri && !/^mongodb(\+srv)?:\/\//.test(mongodbUri)) {
    throw new ConfigError('MONGODB_URI must start with mongodb:// or mongodb+srv://');
  }
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  }
  // A production start that fell into the outbox would keep candidates' verification links in its log, unseen.
  if (env.NODE_ENV === 'production' && !smtpUrl && !flag(env, 'MAIL_OUTBOX', false)) {
    throw new ConfigError(
      'NODE_ENV=production needs SMTP_URL: without it mail goes to the local outbox and its links to the log, not to ' +
        'candidates. Set SMTP_URL, or MAIL_OUTBOX=true to keep mail in the outbox on purpose.',
    );
  }
  const adminEmail = env.ADMIN_EMAIL || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (Boolean(adminEmail) !== Boolean(adminPassword)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const host = env.HOST || '0.0.0.0';
  const trustProxy = flag(env, 'TRUST_PROXY', false);
  const fetchTimeoutMs = integer(env, 'FETCH_TIMEOUT_MS', 10_000, 100, 120_000);
  return {
    port,
    host,
    mongodbUri,
    dataDir,
    logLevel,
    distDir: path.resolve(env.DIST_DIR || 'dist/web'),
    appOrigin: origin(env, 'APP_ORIGIN', `http://localhost:${port || 8080}`),
    clientCode: env.CLIENT_CODE || 'hiregate-web',
    secret: persistentSecret(env, dataDir),
    requireEmailVerification: flag(env, 'REQUIRE_EMAIL_VERIFICATION', true),
    accessLifetimeMs: integer(env, 'ACCESS_TOKEN_DAYS', ACCESS_TOKEN_DAYS, 1, 365) * DAY_MS,
    responseSheetHosts: (env.RESPONSE_SHEET_HOSTS ?? 'cdn.digialm.com,www.digialm.com')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    fetchTimeoutMs,
    fetchMaxBytes: integer(env, 'FETCH_MAX_BYTES', 8 * 1024 * 1024, 1024, 64 * 1024 * 1024),
    storeTimeoutMs: optionalInteger(env, 'STORE_TIMEOUT_MS', 100, 60_000),
    storeBulkTimeoutMs: optionalInteger(env, 'STORE_BULK_TIMEOUT_MS', 1_000, 3_600_000),
    requestTimeoutMs: requestTimeout(env, fetchTimeoutMs),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 8 * 1024 * 1024, 1024, 64 * 1024 * 1024),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 30, 1, 100_000),
    officialReportsPerNetworkPerDay: integer(env, 'OFFICIAL_REPORTS_PER_NETWORK_PER_DAY', 20, 1, 1_000_000),
    uploadsPerNetworkPerDay: integer(env, 'UPLOADS_PER_NETWORK_PER_DAY', 100, 1, 1_000_000),
    reportAlertPerNetwork: integer(env, 'REPORT_ALERT_PER_NETWORK', 5, 1, 1_000_000),
    reportAlertRankShift: integer(env, 'REPORT_ALERT_RANK_SHIFT_PERCENT', 25, 1, 10_000) / 100,
    reportAlertWindowMs: integer(env, 'REPORT_ALERT_WINDOW_MS', 3_600_000, 1_000, 7 * 86_400_000),
    portalFetchesPerMinute: integer(env, 'PORTAL_FETCHES_PER_MINUTE', PORTAL_FETCHES_PER_MINUTE, 1, 1_000_000),
    imageFetchesPerMinute: integer(env, 'IMAGE_FETCHES_PER_MINUTE', IMAGE_FETCHES_PER_MINUTE, 1, 1_000_000),
    trustProxy,
    trustProxyHops: trustProxy ? integer(env, 'TRUST_PROXY_HOPS', 1, 1, 10) : 0,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'HireGate <no-reply@hiregate.local>',
    adminEmail,
    adminPassword,
    googleSignIn: Boolean(env.VITE_GOOGLE_CLIENT_ID),
    metricsToken: metricsToken(env),
    rescoreLeaseMs: integer(env, 'RESCORE_LEASE_MS', RESCORE_LEASE_MS, 1_000, 600_000),
    rescorePollMs: integer(env, 'RESCORE_POLL_MS', RESCORE_POLL_MS, 100, 60_000),
    scoreAlertQuietMs: integer(env, 'SCORE_ALERT_QUIET_MS', SCORE_ALERT_QUIET_MS, 0, 86_400_000),
    scoreAlertMailsPerSecond: integer(env, 'SCORE_ALERT_MAILS_PER_SECOND', SCORE_ALERT_MAILS_PER_SECOND, 1, 10_000),
    scoreAlertPollMs: integer(env, 'SCORE_ALERT_POLL_MS', SCORE_ALERT_POLL_MS, 100, 600_000),
    storeLookMs: integer(env, 'STORE_LOOK_MS', STORE_LOOK_MS, 100, 60_000),
    snapshotRefreshMs: integer(env, 'SNAPSHOT_REFRESH_MS', SNAPSHOT_REFRESH_MS, 100, 60_000),
    demo: flag(env, 'DEMO', !mongodbUri),
    // Imported, not read at run time: the compiled server (dist/server) carries it wherever it is started from.
    version,
  };
}
