import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckerServer, type CheckerServer } from './checker-harness';
import { wrongTypedParameters } from './hostile-requests';
import { buildAdmin, type BuiltAdmin } from '../support/builders';

describe('query and path parameters of the wrong type', () => {
  let server: CheckerServer;
  let admin: BuiltAdmin;
  beforeAll(async () => {
    server = await startCheckerServer();
    admin = await buildAdmin(server.store);
  });
  afterAll(() => server.close());

  const requests = () =>
    wrongTypedParameters({
      url: server.url,
      sheetLink: 'http://127.0.0.1:9/response-sheet.html',
      adminAuth: admin.headers.authorization,
    });

  it('are refused with a 400 that names the field', async () => {
    for (const request of requests()) {
      const { status, text } = await request.send();
      const body = JSON.parse(text) as { message: string; errors?: Record<string, string> };
      const named = body.message.startsWith(`${request.field}: `) || body.errors?.[request.field ?? ''] !== undefined;
      expect({ name: request.name, status, named }).toEqual({ name: request.name, status: 400, named: true });
    }
  });
});
