import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Router from '@koa/router';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { validatedInputOf } from '../../api/http/validate';
import { createStore, type Store } from '../../api/store';
import { OPERATION_PATHS, type OperationName } from '../../src/contract/operation-paths';
import { OPERATIONS, type OperationDescription } from '../../src/contract/operations';
import { callUrl } from '../../src/lib/api';

/** A route as Koa registers it: 'GET /api/data/get-rank/:resultId/:testPaper' and the middleware it runs. */
interface Registered {
  key: string;
  middleware: readonly unknown[];
}

const NAMES = Object.keys(OPERATION_PATHS) as OperationName[];
const keyOf = (name: OperationName) => `${OPERATION_PATHS[name].method} ${OPERATION_PATHS[name].path}`;

/** The operation table (src/contract) against the routes the app registers, and the web client's addresses. */
describe('the operation table', () => {
  let dataDir: string;
  let store: Store;
  let routers: Router[];
  let registered: Registered[];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-operations-'));
    const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: dataDir, DEMO: 'true', CLIENT_CODE: 'test-client' });
    store = await createStore(config);
    const app = createApp(config, store, pino({ level: 'silent' })).koa;
    routers = (app.middleware as Array<{ router?: Router }>).flatMap((middleware) =>
      middleware.router ? [middleware.router] : [],
    );
    registered = routers.flatMap((router) =>
      router.stack.flatMap((layer) =>
        layer.methods
          .filter((method) => method !== 'HEAD')
          .map((method) => ({ key: `${method} ${String(layer.path)}`, middleware: layer.stack })),
      ),
    );
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has every route Koa registers, and a route for every entry', () => {
    expect(registered.length).toBeGreaterThan(30);
    expect(NAMES.map(keyOf).sort()).toEqual(registered.map((route) => route.key).sort());
  });

  it('is where each route reads its input: the same schema, from the same places, and none it does not declare', () => {
    for (const name of NAMES) {
      const route = registered.find((found) => found.key === keyOf(name))!;
      const validated = route.middleware.map(validatedInputOf).find((input) => input !== undefined);
      const declared = (OPERATIONS[name] as OperationDescription).input;
      expect({ name, validates: validated !== undefined }).toEqual({ name, validates: declared !== undefined });
      if (!validated || !declared) continue;
      expect(validated.schema === declared.schema, `${name} validates the table's schema`).toBe(true);
      expect({ name, ...validated, schema: undefined }).toEqual({
        name,
        schema: undefined,
        from: declared.from ?? 'body',
        params: declared.params ?? [],
        headers: declared.headers ?? {},
        ...(declared.textBody ? { textBody: declared.textBody } : {}),
      });
    }
  });

  it("sends each call of the web client to its route's method and path", () => {
    for (const name of NAMES) {
      const { method, path: routePath } = OPERATION_PATHS[name];
      const params = Object.fromEntries([...routePath.matchAll(/:(\w+)/g)].map((match) => [match[1]!, 'CS 1/2']));
      const url = new URL(callUrl(name, { params, query: { paperId: 'CS1-2026' } }), 'http://localhost');
      const matched = routers.flatMap((router) =>
        router.match(url.pathname, method).pathAndMethod.map((layer) => String(layer.path)),
      );
      expect({ name, matched }).toEqual({ name, matched: [routePath] });
      expect(url.searchParams.get('paperId')).toBe('CS1-2026');
    }
  });
});
