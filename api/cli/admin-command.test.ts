import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/server';
import { adminCredentials } from '../../test/support/builders';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const NEW_ADMIN = adminCredentials({ email: 'second-admin@hiregate.test', password: 'Second#Pass1' });

/** `printf 'password\n' | npm run admin -- create <email>`, as the README says, on one data folder. */
function createAdmin(dataDir: string): Promise<{ code: number; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      tsx,
      ['api/cli/admin-command.ts', 'create', NEW_ADMIN.email],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', MONGODB_URI: '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end(`${NEW_ADMIN.password}\n`);
  });
}

async function signInStatus(server: TestServer): Promise<number> {
  const response = await fetch(`${server.url}/api/data/check-credentials`, { headers: NEW_ADMIN.headers });
  return response.status;
}

describe('admin CLI beside a server on the embedded store', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-admin-cli-'));
  const serverEnv = { DATA_DIR: dataDir, MONGODB_URI: '' };
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses while the server holds the data folder, and the admin it creates afterwards survives a restart', async () => {
    server = await startTestServer(serverEnv);
    const refused = await createAdmin(dataDir);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`The server is running on this data folder (${dataDir}, process ${process.pid})`);
    expect(refused.stderr).toContain('Stop the server and run this command again');
    expect(await signInStatus(server)).toBe(401);

    await server.close();
    server = undefined;
    const created = await createAdmin(dataDir);
    expect(created).toMatchObject({ code: 0, stdout: `Administrator ${NEW_ADMIN.email} created.\n` });

    server = await startTestServer(serverEnv);
    expect(await signInStatus(server)).toBe(200);
    await server.close();
    server = await startTestServer(serverEnv);
    expect(await signInStatus(server)).toBe(200);
  });
});
