import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../api/features/accounts/account-service';
import { startCheckerServer, type CheckerServer } from './checker-harness';
import { wrongTypedParameters } from './hostile-requests';

const ADMIN = { email: 'admin@example.com', password: 'Admin-pass-1!' };

describe('query and path parameters of the wrong type', () => {
  let server: CheckerServer;
  beforeAll(async () => {
    server = await startCheckerServer();
    await ensureAdmin(server, ADMIN.email, ADMIN.password);
  });
  afterAll(() => server.close());

  const requests = () =>
    wrongTypedParameters({
      url: server.url,
      sheetLink: 'http://127.0.0.1:9/response-sheet.html',
      adminAuth: `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`,
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
