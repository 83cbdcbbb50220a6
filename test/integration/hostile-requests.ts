import { sealVerification, VERIFICATION_LIFETIME_MS } from '../../api/access/scorecard-access';
import { connect } from 'node:net';

/**
 * The hostile run as data: every request an attacker would try on key day, each with what a careful server answers.
 * Built from a few valid bodies by replacing one field at a time, so a new field or route is covered by adding it here.
 */

export interface Answer {
  status: number;
  text: string;
}

export interface HostileRequest {
  name: string;
  send(): Promise<Answer>;
  /**
   * What the answer must be: that status, any refusal (4xx, the default), or `'not 5xx'` for requests a server may
   * also answer with its web app or by closing the connection (paths, broken HTTP).
   */
  status?: number | 'not 5xx';
  /** The field a refusal must name: in its message (`field: …`) or among its `errors`. */
  field?: string;
}

export interface Target {
  url: string;
  clientCode: string;
  adminAuth: string;
  questionId: string;
  paperId: string;
  /** A link the fetcher may read (the fixture server) and whose e-mail is verified. */
  sheetLink: string;
  /** The access token of the device that verified the link's e-mail, and the result its check stored. */
  access: string;
  resultId: string;
  /** host:port of the fixture server, the only host the fetcher accepts. */
  fixtureHost: string;
  appPort: number;
  /** The server's VERIFY_SECRET: tokens signed with it that are expired, or made for another link, must still fail. */
  secret: string;
}

/** Fixture-server paths answering 302 to somewhere the fetcher must not go (registered by the suite). */
export function hostileRedirects(appPort: number): Record<string, string> {
  return {
    '/redirect/metadata': 'http://169.254.169.254/latest/meta-data/',
    '/redirect/loopback': `http://127.0.0.1:${appPort}/api/health`,
    '/redirect/ipv6-loopback': `http://[::1]:${appPort}/api/health`,
    '/redirect/other-host': 'https://evil.example/response-sheet.html',
    '/redirect/file': 'file:///etc/passwd',
  };
}

/** Values no field of any call takes: operators, wrong types, control characters, a broken surrogate, a flood. */
export const HOSTILE_VALUES: Array<[string, unknown]> = [
  ['operator $gt', { $gt: '' }],
  ['operator $ne', { $ne: null }],
  ['operator $where', { $where: 'sleep(5000)' }],
  ['operator $regex', { $regex: '.*' }],
  ['array', ['a@example.com', 'b@example.com']],
  ['nested object', { a: { b: { c: 'd' } } }],
  ['number', 12345],
  ['boolean', true],
  ['NUL character', 'abc\u0000def'],
  ['escape character', 'abc\u001bdef'],
  ['lone surrogate', 'abc\ud800def'],
  ['300 KB string', 'x'.repeat(300_000)],
];

export async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  return { status: response.status, text: await response.text() };
}

/** One request exactly as written, for what fetch would tidy up (paths with `..`, broken framing, huge headers). */
export function sendRaw(port: number, request: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text });
    });
    socket.end(request, 'latin1');
  });
}

const json = (headers: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...headers });

interface JsonCall {
  route: string;
  method: 'POST' | 'PUT';
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** The valid body of each JSON call; each hostile request spoils exactly one field of one of them. */
function jsonCalls(target: Target): JsonCall[] {
  const account = { 'x-client-code': target.clientCode };
  const admin = { authorization: target.adminAuth };
  return [
    {
      route: '/api/signup',
      method: 'POST',
      body: { email: 'new.person@example.com', firstName: 'New Person', password: 'Str0ng-pass!' },
      headers: account,
    },
    {
      route: '/auth/login',
      method: 'POST',
      body: { username: 'user@example.com', password: 'wrong' },
      headers: account,
    },
    { route: '/api/auth/forgot', method: 'POST', body: { email: 'user@example.com' }, headers: account },
    {
      route: '/api/auth/resetpwd',
      method: 'POST',
      body: { email: 'user@example.com', pwd: 'Str0ng-pass!', cnfpwd: 'Str0ng-pass!', token: 'not-a-real-token' },
      headers: account,
    },
    {
      route: '/api/data/generate-response',
      method: 'POST',
      body: { link: target.sheetLink, testPaper: 'CS 1', email: 'user@example.com', access: target.access },
      headers: {},
    },
    {
      route: '/api/data/send-verification',
      method: 'POST',
      body: { link: target.sheetLink, email: 'someone.else@example.com' },
      headers: {},
    },
    {
      route: '/api/data/update-answer',
      method: 'PUT',
      body: { _id: target.questionId, answerKey: 'A', opId: 'hostile-op' },
      headers: admin,
    },
    {
      route: '/api/data/import-key',
      method: 'POST',
      body: { paperId: target.paperId, rows: '1 | MCQ | GA | A' },
      headers: admin,
    },
    {
      route: '/api/data/import-key',
      method: 'POST',
      body: { paperId: target.paperId, keys: { '1': 'A' }, label: 'final' },
      headers: admin,
    },
    { route: '/api/data/process', method: 'POST', body: { link: target.sheetLink }, headers: admin },
    {
      route: '/api/data/score-alerts/status',
      method: 'POST',
      body: { resultId: target.resultId, access: target.access },
      headers: {},
    },
    {
      route: '/api/data/score-alerts',
      method: 'PUT',
      body: { resultId: target.resultId, access: target.access, subscribed: true },
      headers: {},
    },
    {
      route: '/api/data/disputes/scorecard',
      method: 'POST',
      body: { resultId: target.resultId, access: target.access },
      headers: {},
    },
    {
      route: '/api/data/disputes/apply',
      method: 'POST',
      body: { paperId: target.paperId, questionId: '1', answer: 'A', keyVersion: 1 },
      headers: admin,
    },
  ];
}

/**
 * Fields whose refusal leaves the call valid only if the server ignored them: the ones checked for a refusal. An
 * optional field (an invitation token, an operation id) may take a plain value, never an operator or an object.
 */
function spoiledBodies(target: Target): HostileRequest[] {
  const requests: HostileRequest[] = [];
  for (const call of jsonCalls(target)) {
    for (const field of Object.keys(call.body)) {
      const isFlag = typeof call.body[field] === 'boolean';
      // A number field (a key version) takes any number: another one is a valid request, refused on its merits.
      const isNumber = typeof call.body[field] === 'number';
      // A yes/no field (the score-alert switch) takes either boolean, and no text that reads as one.
      const values: Array<[string, unknown]> = isFlag ? [...HOSTILE_VALUES, ['flag as text', 'true']] : HOSTILE_VALUES;
      for (const [what, value] of values) {
        if ((typeof value === 'boolean' && isFlag) || (typeof value === 'number' && isNumber)) continue;
        // The login and reset calls must refuse the wrong password or token anyway: their 401/400 is a refusal too.
        requests.push({
          name: `${call.method} ${call.route} with ${field} = ${what}`,
          field,
          send: () =>
            send(target.url + call.route, {
              method: call.method,
              headers: json(call.headers),
              body: JSON.stringify({ ...call.body, [field]: value }),
            }),
        });
      }
    }
    requests.push(
      {
        name: `${call.method} ${call.route} with a __proto__ key`,
        send: () =>
          send(target.url + call.route, {
            method: call.method,
            headers: json(call.headers),
            // JSON.stringify would drop a __proto__ property: the attacker writes the text by hand.
            body: `{"__proto__": {"polluted": "yes", "isAdmin": true}, "email": {"__proto__": {"polluted": "yes"}}}`,
          }),
      },
      {
        name: `${call.method} ${call.route} with constructor.prototype`,
        send: () =>
          send(target.url + call.route, {
            method: call.method,
            headers: json(call.headers),
            body: JSON.stringify({ constructor: { prototype: { polluted: 'yes' } } }),
          }),
      },
      {
        name: `${call.method} ${call.route} with an array body`,
        send: () =>
          send(target.url + call.route, { method: call.method, headers: json(call.headers), body: '[1,2,3]' }),
      },
      {
        name: `${call.method} ${call.route} with a bare string body`,
        send: () => send(target.url + call.route, { method: call.method, headers: json(call.headers), body: '"x"' }),
      },
      {
        name: `${call.method} ${call.route} with a body nested 100,000 deep`,
        send: () =>
          send(target.url + call.route, {
            method: call.method,
            headers: json(call.headers),
            body: '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000),
          }),
      },
      {
        name: `${call.method} ${call.route} as a form (cross-site)`,
        status: 415,
        send: () =>
          send(target.url + call.route, {
            method: call.method,
            headers: { ...call.headers, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(call.body as Record<string, string>).toString(),
          }),
      },
    );
  }
  return requests;
}

const IMAGE_FLOOD = `<html><body><img ${'a'.repeat(80_000)}></body></html>`;
const COLON_FLOOD = `<html><body><table><tr><td>a${':'.repeat(40_000)}b</td><td>x</td></tr></table></body></html>`;

/** The requests of the defects, and the kinds of the run that are not one spoiled field. */
function namedAttacks(target: Target): HostileRequest[] {
  // With default settings a parse is reachable after verifying one's own link: the uploads carry a verified one.
  const upload = (html: string) => () =>
    send(
      `${target.url}/api/data/upload-response?${new URLSearchParams({ testPaper: 'CS 1', link: target.sheetLink, access: target.access })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'text/html' },
        body: html,
      },
    );
  const admin = { authorization: target.adminAuth };
  const asAdminCheck = (link: string) => () =>
    send(`${target.url}/api/data/generate-response`, {
      method: 'POST',
      headers: json(admin),
      body: JSON.stringify({ link, testPaper: 'CS 1' }),
    });
  const otherPort = target.appPort;
  const ssrf = [
    `http://127.0.0.1:${otherPort}/api/health`,
    `http://2130706433:${otherPort}/x.html`,
    'http://0x7f000001/x.html',
    'http://017700000001/x.html',
    'http://127.1/x.html',
    'http://0/x.html',
    'http://localhost/x.html',
    'http://[::1]/x.html',
    'http://[::ffff:127.0.0.1]/x.html',
    'http://[0:0:0:0:0:0:0:1]/x.html',
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/latest/meta-data/',
    'http://0251.0376.0251.0376/latest/meta-data/',
    'http://[fe80::1]/x.html',
    'http://10.0.0.1/x.html',
    'http://192.168.0.1/x.html',
    'http://127.0.0.1:27017/',
    `http://user:pass@${target.fixtureHost}@127.0.0.1:${otherPort}/`,
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'ftp://127.0.0.1/x.html',
    `${target.fixtureHost.replace(/:\d+$/, '')}:1/x.html`,
  ];
  const badAuth = [
    'Basic',
    'Basic =',
    'Basic !!!not-base64!!!',
    `Basic ${'A'.repeat(8_000)}`,
    `Basic ${Buffer.from('admin@example.com').toString('base64')}`,
    `Basic ${Buffer.from(':').toString('base64')}`,
    `Basic ${Buffer.from('admin@example.com:').toString('base64')}`,
    `Basic ${Buffer.from('{"$gt":""}:{"$gt":""}').toString('base64')}`,
    `Basic ${Buffer.from('admin@example.com:\u0000').toString('base64')}`,
    'Bearer x',
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
    'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiIsImFkbWluIjp0cnVlfQ.c2lnbmF0dXJl',
    'Digest username="admin"',
  ];
  const traversal = [
    '/../../../../etc/passwd',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/api/config.ts',
    '/demo/response-sheets/..%2f..%2f..%2fpackage.json',
    '/demo/images/..%2F..%2Fapi%2Fconfig.ts',
    '/api/images?src=file:///etc/passwd',
    '/api/images?src=http://127.0.0.1:22/',
    '/api/data/get-rank/..%2f..%2fhealth/CS%201',
    '/api/data/get-rank/%7B%22%24gt%22%3A%22%22%7D/CS%201',
    '/api/data/distribution/..%2f..',
    '/%00',
    '/index.html%00.png',
  ];
  const longAgo = Date.now() - 2 * VERIFICATION_LIFETIME_MS;
  const verifyWith = (token: string) => () => send(`${target.url}/api/data/verify?${new URLSearchParams({ token })}`);
  const sealed = sealVerification(target.secret, { link: target.sheetLink }, 'x@example.com');
  const altered = Buffer.from(sealed, 'base64url');
  altered[20]! ^= 1;
  const tokens = [
    {
      name: 'verify with an expired token',
      status: 410,
      send: verifyWith(sealVerification(target.secret, { link: target.sheetLink }, 'x@example.com', longAgo)),
    },
    { name: 'verify with an altered token', send: verifyWith(altered.toString('base64url')) },
    {
      name: 'verify with a token sealed by another secret',
      send: verifyWith(sealVerification('another-secret-0123456789', { link: target.sheetLink }, 'x@example.com')),
    },
    {
      name: 'verify with a token of the old form',
      send: verifyWith(`${(Date.now() + 1e6).toString(36)}.${'A'.repeat(43)}`),
    },
  ];
  const resetTokens = ['0'.repeat(64), 'not-a-token', 'a'.repeat(128)].map((resetToken) => ({
    name: `password reset with the unknown or used token ${resetToken.slice(0, 12)}…`,
    status: 401,
    send: () =>
      send(`${target.url}/api/auth/resetpwd`, {
        method: 'POST',
        headers: json({ 'x-client-code': target.clientCode, authorization: `Bearer ${resetToken}` }),
        body: JSON.stringify({ email: 'user@example.com', pwd: 'N3w-pass!', cnfpwd: 'N3w-pass!' }),
      }),
  }));
  return [
    ...tokens.map((attack) => ({ status: 400, ...attack })),
    ...resetTokens,
    ...Object.keys(hostileRedirects(target.appPort)).map((path) => ({
      name: `admin check of a sheet link redirecting (${path})`,
      send: asAdminCheck(`http://${target.fixtureHost}${path}`),
      status: 400,
    })),
    { name: 'upload of an <img> with an 80,000-character attribute', send: upload(IMAGE_FLOOD), status: 422 },
    { name: 'upload with a 40,000-colon header cell', send: upload(COLON_FLOOD), status: 422 },
    {
      name: 'sign-up with a 7 MB e-mail',
      status: 400,
      send: () =>
        send(`${target.url}/api/signup`, {
          method: 'POST',
          headers: json({ 'x-client-code': target.clientCode }),
          body: JSON.stringify({
            email: `${'a'.repeat(7_000_000)}@example.com`,
            firstName: 'A',
            password: 'Str0ng-p!',
          }),
        }),
    },
    {
      name: 'a 10 MB body',
      status: 413,
      send: () =>
        send(`${target.url}/auth/login`, {
          method: 'POST',
          headers: json({ 'x-client-code': target.clientCode }),
          body: JSON.stringify({ username: 'x'.repeat(10 * 1024 * 1024), password: 'x' }),
        }),
    },
    ...ssrf.map((link) => ({ name: `admin check of ${link}`, send: asAdminCheck(link), status: 400 })),
    ...badAuth.map((authorization) => ({
      name: `admin stats with "${authorization.slice(0, 40)}"`,
      send: () => send(`${target.url}/api/data/admin-stats`, { headers: { authorization } }),
    })),
    ...traversal.map((path) => ({
      name: `GET ${path}`,
      status: 'not 5xx' as const,
      send: () => sendRaw(target.appPort, rawGet(path)),
    })),
    ...['https://evil.example/response-sheet.html', 'http://evil.example/response-sheet.html'].map((link) => ({
      name: `verification mail for ${link}, with that site as Origin`,
      status: 400,
      send: () =>
        send(`${target.url}/api/data/send-verification`, {
          method: 'POST',
          headers: json({ origin: 'http://evil.example' }),
          body: JSON.stringify({ link, email: 'mallory@example.com' }),
        }),
    })),
    {
      name: 'verify with a forged token',
      status: 400,
      send: () => send(`${target.url}/api/data/verify?${new URLSearchParams({ token: 'A'.repeat(4_000) })}`),
    },
    {
      name: 'verify with operators in the query',
      send: () => send(`${target.url}/api/data/verify?token[$gt]=&token[$ne]=x`),
    },
    {
      name: 'check-credentials with an operator in Basic auth',
      send: () =>
        send(`${target.url}/api/data/check-credentials`, {
          headers: { authorization: `Basic ${Buffer.from('{"$gt":""}:x').toString('base64')}` },
        }),
    },
    {
      name: 'get-all-results with operators in the query',
      status: 400,
      send: () => send(`${target.url}/api/data/get-all-results?limit[$gt]=0&skip=-1`, { headers: admin }),
    },
    {
      name: 'raw: Content-Length with Transfer-Encoding (request smuggling)',
      status: 'not 5xx',
      send: () =>
        sendRaw(
          target.appPort,
          'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\n' +
            'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\nGET /api/health HTTP/1.1\r\nHost: x\r\n\r\n',
        ),
    },
    {
      name: 'raw: a request line of garbage',
      status: 'not 5xx',
      send: () => sendRaw(target.appPort, 'GARBAGE\r\n\r\n'),
    },
    {
      name: 'raw: a 64 KB header',
      status: 'not 5xx',
      send: () =>
        sendRaw(target.appPort, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(65_536)}\r\n\r\n`),
    },
    {
      name: 'raw: a NUL byte in a header',
      status: 'not 5xx',
      send: () =>
        sendRaw(target.appPort, 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\nConnection: close\r\n\r\n'),
    },
    {
      name: 'raw: a 100 KB path',
      status: 'not 5xx',
      send: () =>
        sendRaw(target.appPort, `GET /api/${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    },
    {
      name: 'raw: a body shorter than its Content-Length',
      status: 'not 5xx',
      send: () =>
        sendRaw(
          target.appPort,
          'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
        ),
    },
  ];
}

/**
 * The routes added since the last hostile run: key versions, import-key's keys and rows, score-alert unsubscribing,
 * the metrics' token and the image proxy's address. Each is refused with a 4xx (or, for a lookup of something that is
 * not there, any answer but a 5xx), before any work on the store.
 */
function keyDayAttacks(target: Target): HostileRequest[] {
  const admin = { authorization: target.adminAuth };
  const importKey = (body: Record<string, unknown>) => () =>
    send(`${target.url}/api/data/import-key`, {
      method: 'POST',
      headers: json(admin),
      body: JSON.stringify({ paperId: target.paperId, label: 'final', ...body }),
    });
  const compare =
    (from: string, to = '1') =>
    () =>
      send(
        `${target.url}/api/data/key-versions/compare?paperId=${encodeURIComponent(target.paperId)}&from=${from}&to=${to}`,
        { headers: admin },
      );
  const image = (src: string) => () => send(`${target.url}/api/images?${new URLSearchParams({ src })}`);
  const unsubscribe = (query: string) => () =>
    send(`${target.url}/api/data/score-alerts/unsubscribe?${query}`, { method: 'POST' });
  const scrape = (authorization: string) => () => send(`${target.url}/metrics`, { headers: { authorization } });
  const portalImage = `http://${target.fixtureHost}/images/q1.png`;
  return [
    ...[
      ['a NAT key of 1,000 digits', { keys: { '80782017234': '9'.repeat(1000) } }],
      ['100,000 keys', { keys: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`${9e10 + i}`, 'A'])) }],
      ['a key with 50,000 alternatives', { keys: { '80782017205': Array(50_000).fill('A').join(' OR ') } }],
      ['keys named by operators', { keys: { $where: 'A', $gt: 'B' } }],
      ['a keys object nested 10 deep', { keys: JSON.parse(`${'{"a":'.repeat(10)}"A"${'}'.repeat(10)}`) as unknown }],
      ['100,000 rows of no key', { rows: 'no rows here\n'.repeat(100_000) }],
      ['rows with a range of 1,000 digits', { rows: `29 NAT CS 1 to ${'9'.repeat(1000)}` }],
      ['both keys and rows empty', { keys: {}, rows: '' }],
      ['a label of 300 characters', { keys: { '80782017205': 'A' }, label: 'x'.repeat(300) }],
    ].map(([what, body]) => ({
      name: `import-key with ${what as string}`,
      status: 400,
      send: importKey(body as Record<string, unknown>),
    })),
    ...['-1', '1.5', '1e400', 'NaN', '%7B%22%24gt%22%3A0%7D', ''].map((from) => ({
      name: `key-versions compare from=${from}`,
      status: 400,
      send: compare(from),
    })),
    { name: 'key-versions compare of versions never made', status: 404, send: compare('99999999999999999999', '7') },
    ...['%00', 'x'.repeat(300), '%7B%22%24ne%22%3Anull%7D', '..%2F..%2Fetc'].map((paperId) => ({
      name: `key-version of paper ${paperId.slice(0, 20)}`,
      send: () => send(`${target.url}/api/data/key-version?paperId=${paperId}`),
    })),
    {
      name: 'key versions of an unknown paper, as admin',
      status: 404,
      send: () => send(`${target.url}/api/data/key-versions?paperId=XX%201999`, { headers: admin }),
    },
    ...[
      `alert=${'a'.repeat(24)}&token=${'b'.repeat(43)}`,
      `alert=${'a'.repeat(101)}&token=t`,
      'alert[$ne]=x&token[$ne]=y',
      'alert=%00&token=%00',
      'alert=constructor&token=x',
      'alert=__proto__&token=x',
    ].map((query) => ({ name: `unsubscribe with ${query.slice(0, 40)}`, send: unsubscribe(query) })),
    ...[
      'Bearer',
      `Bearer ${'a'.repeat(8_000)}`,
      'Bearer metrics-token-0123456789 extra',
      'Basic bWV0cmljczp4',
      'bearer METRICS-TOKEN-0123456789',
    ].map((authorization) => ({
      name: `metrics with "${authorization.slice(0, 30)}"`,
      status: 401,
      send: scrape(authorization),
    })),
    ...[
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'http://[fe80::1%25eth0]/x.png',
      `https://cdn.digialm.com@127.0.0.1:${target.appPort}/x.png`,
      `${portalImage}
X-Injected: yes`,
      `${portalImage.replace('http://', 'http://user:pass@')}`,
      `//${target.fixtureHost}/images/q1.png`,
      `http://${target.fixtureHost.replace(/:\d+$/, '')}:1/q1.png`,
      `${portalImage}${'a'.repeat(2_100)}`,
      ' ',
    ].map((src) => ({ name: `image of ${JSON.stringify(src.slice(0, 40))}`, status: 400, send: image(src) })),
  ];
}

/**
 * Query and path parameters of the wrong type: a list where one value belongs (`?link=a&link=b`), an operator where a
 * test paper belongs. Each is a 400 that names its field, before any rule or lookup runs.
 */
export function wrongTypedParameters(target: Pick<Target, 'url' | 'sheetLink' | 'adminAuth'>): HostileRequest[] {
  const admin = { authorization: target.adminAuth };
  const link = encodeURIComponent(target.sheetLink);
  const page = { method: 'POST', headers: { 'content-type': 'text/html' }, body: '<html><body></body></html>' };
  const cases: Array<{ field: string; path: string; init?: RequestInit }> = [
    { field: 'token', path: `/api/data/verify?token=a&token=b` },
    { field: 'link', path: `/api/data/upload-response?testPaper=CS%201&link=${link}&link=${link}`, init: page },
    { field: 'testPaper', path: `/api/data/upload-response?testPaper=CS%201&testPaper=DA&link=${link}`, init: page },
    { field: 'email', path: `/api/data/upload-response?testPaper=CS%201&email=a@b.co&email=c@d.co`, init: page },
    { field: 'src', path: '/api/images?src=https://cdn.digialm.com/a.png&src=https://cdn.digialm.com/b.png' },
    { field: 'limit', path: '/api/data/get-all-results?limit=1&limit=2', init: { headers: admin } },
    { field: 'testPaper', path: '/api/data/get-rank/x/%7B%22%24gt%22%3A%22%22%7D' },
    { field: 'paper', path: '/api/data/distribution/%7B%22%24ne%22%3Anull%7D' },
    { field: 'paperId', path: '/api/data/key-version?paperId=CS%201%202026&paperId=DA%202025' },
    {
      field: 'from',
      path: '/api/data/key-versions/compare?paperId=CS%201&from=1&from=2&to=3',
      init: { headers: admin },
    },
    { field: 'alert', path: '/api/data/score-alerts/unsubscribe?alert=a&alert=b&token=t', init: { method: 'POST' } },
  ];
  return cases.map(({ field, path, init }) => ({
    name: `${init?.method ?? 'GET'} ${path.slice(0, 60)}… (${field} of the wrong type)`,
    status: 400,
    field,
    send: () => send(target.url + path, init),
  }));
}

function rawGet(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
}

export function hostileRequests(target: Target): HostileRequest[] {
  return [...spoiledBodies(target), ...namedAttacks(target), ...keyDayAttacks(target), ...wrongTypedParameters(target)];
}

/** What an answer must never show: a stack trace, a source path, a file of the server's disk. */
export const LEAKS = [
  /\bat [\w.<>]+ \(/,
  /\.(ts|js|mjs):\d+/,
  /\/work\/|\/home\/|node_modules|\/tmp\//,
  /root:x:0:0/,
  /"name":\s*"hiregate"/,
  /VERIFY_SECRET|process\.env/,
  /(Type|Range|Syntax|Reference)Error/,
];
