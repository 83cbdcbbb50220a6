import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../support/server';
import { startFixtureServer, type FixtureServer } from '../../support/fixture-server';
import { seedFixtureResults, type SeededResult } from '../../support/seed-results';

/** The admin area as an administrator meets it: stored CS 1 results, an administrator, the fixture portal. */
export interface AdminArea {
  fixtures: FixtureServer;
  server: TestServer;
  seeded: SeededResult[];
  close(): Promise<void>;
}

export async function startAdminArea(admin: { email: string; password: string }): Promise<AdminArea> {
  const fixtures = await startFixtureServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-admin-e2e-'));
  const seeded = await seedFixtureResults(dataDir, 'cs1-2026', 'CS 1', (link) => fixtures.url(link));
  const server = await startTestServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    RESPONSE_SHEET_HOSTS: fixtures.host,
    REQUIRE_EMAIL_VERIFICATION: 'false',
  });
  return {
    fixtures,
    server,
    seeded,
    async close() {
      await server.close();
      await fixtures.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
