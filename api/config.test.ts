import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { VERIFY_SECRET: 'config-test-secret-0123456789', DATA_DIR: '/nonexistent/hiregate' };

describe('trusted proxy hops', () => {
  it('trusts no X-Forwarded-For entry unless TRUST_PROXY is on, then one hop unless told', () => {
    expect(loadConfig(base)).toMatchObject({ trustProxy: false, trustProxyHops: 0 });
    expect(loadConfig({ ...base, TRUST_PROXY_HOPS: '3' })).toMatchObject({ trustProxy: false, trustProxyHops: 0 });
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, trustProxyHops: 1 });
    expect(loadConfig({ ...base, TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
  });

  it.each(['0', '-1', 'all', '11'])('refuses TRUST_PROXY_HOPS=%s', (hops) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true', TRUST_PROXY_HOPS: hops })).toThrow(ConfigError);
  });
});

describe('deadlines', () => {
  it("leaves the store's deadlines to the store unless set, and gives a request the fetch's deadline and 10 s", () => {
    expect(loadConfig(base)).toMatchObject({
      storeTimeoutMs: undefined,
      storeBulkTimeoutMs: undefined,
      requestTimeoutMs: 20_000,
    });
    expect(loadConfig({ ...base, STORE_TIMEOUT_MS: '1500', FETCH_TIMEOUT_MS: '5000' })).toMatchObject({
      storeTimeoutMs: 1_500,
      requestTimeoutMs: 15_000,
    });
  });

  it('refuses a request deadline the portal fetch would outlast', () => {
    expect(() => loadConfig({ ...base, REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      'REQUEST_TIMEOUT_MS (10000) must be longer than FETCH_TIMEOUT_MS (10000)',
    );
    expect(() => loadConfig({ ...base, STORE_TIMEOUT_MS: '5' })).toThrow(ConfigError);
  });
});

describe('mail in production', () => {
  it('refuses a production start without SMTP_URL, saying what to set', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(
      'NODE_ENV=production needs SMTP_URL: without it mail goes to the local outbox and its links to the log, not to ' +
        'candidates. Set SMTP_URL, or MAIL_OUTBOX=true to keep mail in the outbox on purpose.',
    );
  });

  it('starts in production with SMTP_URL, or with the outbox asked for explicitly, and anywhere else without', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).smtpUrl).toBe(
      'smtp://mail.example:587',
    );
    expect(loadConfig({ ...base, NODE_ENV: 'production', MAIL_OUTBOX: 'true' }).smtpUrl).toBeUndefined();
    expect(loadConfig(base).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', MAIL_OUTBOX: 'false' })).toThrow(ConfigError);
  });
});
