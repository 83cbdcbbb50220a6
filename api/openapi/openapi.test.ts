import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Router from '@koa/router';
import { validate as validateOpenApi } from '@readme/openapi-parser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createStore, type Store } from '../store';
import { OPERATION_PATHS } from '../../src/contract/operation-paths';

interface Operation {
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** The document an app serves, and the routers that app mounts, read from the app itself. */
describe('GET /api/openapi.json', () => {
  let dataDir: string;
  let store: Store;
  let server: Server;
  let url: string;
  let routers: Router[];
  let document: Document;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-openapi-'));
    const distDir = path.join(dataDir, 'web');
    mkdirSync(distDir);
    const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: distDir, DEMO: 'true', CLIENT_CODE: 'test-client' });
    store = await createStore(config);
    const app = createApp(config, store, pino({ level: 'silent' })).koa;
    routers = (app.middleware as Array<{ router?: Router }>).flatMap((middleware) =>
      middleware.router ? [middleware.router] : [],
    );
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const response = await fetch(`${url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await response.json()) as Document;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** 'GET /api/data/get-rank/:resultId/:testPaper' for each operation of the document. */
  const documented = () =>
    Object.entries(document.paths).flatMap(([pathname, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${pathname.replace(/\{(\w+)\}/g, ':$1')}`),
    );

  it('lists every route the app mounts, and nothing else', () => {
    // Read off the routers here, not by the builder's own walk, so a layer the builder skipped would show.
    const mounted = routers.flatMap((router) =>
      router.stack.flatMap((layer) =>
        layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${String(layer.path)}`),
      ),
    );
    expect(mounted.length).toBeGreaterThan(30);
    expect(documented().sort()).toEqual([...mounted].sort());
    // No operation is left over for a route that is gone.
    const table = Object.values(OPERATION_PATHS).map(({ method, path }) => `${method} ${path}`);
    expect(table.sort()).toEqual([...mounted].sort());
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validateOpenApi(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it("requires of a body exactly the fields the server refuses it without, from the route's own schema", async () => {
    for (const [pathname, clientCode] of [
      ['/api/data/scorecard', undefined],
      ['/api/signup', 'test-client'],
    ] as const) {
      const body = document.paths[pathname]!.post!.requestBody!.content['application/json']!.schema;
      const response = await fetch(url + pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(clientCode ? { 'x-client-code': clientCode } : {}) },
        body: '{}',
      });
      expect(response.status).toBe(400);
      const { errors } = (await response.json()) as { errors: Record<string, string> };
      expect(Object.keys(errors).sort()).toEqual([...(body.required ?? [])].sort());
    }
  });

  it('marks as admin-only exactly the calls that refuse a request without credentials', async () => {
    const calls = Object.entries(document.paths).flatMap(([pathname, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        pathname: pathname.replace(/\{\w+\}/g, 'x'),
        security: JSON.stringify(operation.security),
      })),
    );
    const adminOnly = JSON.stringify([{ adminBasic: [] }]);
    // The metrics' own bearer token answers 401 too; it is its own scheme.
    const others = calls.filter((call) => call.security !== JSON.stringify([{ metricsToken: [] }]));
    expect(others.filter((call) => call.security === adminOnly).length).toBeGreaterThan(5);
    for (const { method, pathname, security } of others) {
      const response = await fetch(url + pathname, { method });
      await response.arrayBuffer();
      expect({ method, pathname, refused: response.status === 401 }).toEqual({
        method,
        pathname,
        refused: security === adminOnly,
      });
    }
  });
});
