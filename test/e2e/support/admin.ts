import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { useWidth } from './layout';
import { startTestServer, type TestServer } from '../../support/server';
import { startFixtureServer, type FixtureServer } from '../../support/fixture-server';
import { seedFixtureResults, type SeededResult } from '../../support/seed-results';
import { readFixtureJson, type FixtureUrls } from '../../support/fixtures';

/**
 * The admin area as an administrator meets it: stored CS 1 results (and, with `uploadedCopyOf`, one candidate's
 * upload of the saved page too), an administrator, the fixture portal.
 */
export interface AdminArea {
  fixtures: FixtureServer;
  server: TestServer;
  seeded: SeededResult[];
  close(): Promise<void>;
}

export async function startAdminArea(
  admin: { email: string; password: string },
  seeding: { uploadedCopyOf?: number } = {},
): Promise<AdminArea> {
  const fixtures = await startFixtureServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-admin-e2e-'));
  const seeded = await seedFixtureResults(
    dataDir,
    'cs1-2026',
    'CS 1',
    (link) => fixtures.url(link),
    undefined,
    seeding,
  );
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

/** The Authorization header of an administrator's API calls. */
export const basicAuth = ({ email, password }: { email: string; password: string }) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/** What an administrator does first: upload the CS 1 paper by its master sheet's link. */
export async function processFixturePaper(area: AdminArea, admin: { email: string; password: string }) {
  const masterLink = area.fixtures.url(readFixtureJson<FixtureUrls>('cs1-2026', 'urls.json').master.url);
  const processed = await fetch(`${area.server.url}/api/data/process`, {
    method: 'POST',
    headers: { authorization: basicAuth(admin), 'content-type': 'application/json' },
    body: JSON.stringify({ link: masterLink }),
  });
  if (processed.status !== 200) throw new Error(`The paper was not processed: ${processed.status}`);
}

/** The fixture key.json as far as the official key rows need it. */
export interface FixtureKey {
  keys: Record<string, string>;
  byMaster: Array<{ master: number; questionId: string; type: string; key: string }>;
}

/**
 * The fixture key as GATE prints it, with a row that disagrees with the stored paper: Q22 (an MSQ) printed as MCQ,
 * which reads with the paper's type and is flagged. `printed` replaces the key cell of the questions it names (by
 * master number), as a later key prints them; `extraRow` adds a Q66 the paper does not have, which no key can be
 * read into (the document then does not match the paper row for row).
 */
export function officialRows(
  key: FixtureKey,
  printed: Record<number, string> = {},
  { extraRow = false }: { extraRow?: boolean } = {},
): string[][] {
  const rows = key.byMaster.map(({ master, type, key: answer }) => [
    String(master),
    master === 22 ? 'MCQ' : type,
    master <= 10 ? 'GA' : 'CS',
    printed[master] ?? answer.replace(/^(\S+):(\S+)$/, '$1 to $2'),
  ]);
  return extraRow ? [...rows, ['66', 'MCQ', 'CS', 'B']] : rows;
}

/**
 * Signs in at this width and opens All Question Papers with the paper's group expanded (on a phone the menu is a
 * drawer behind the Menu button); returns the paper's group.
 */
export async function openPaperGroup(
  page: Page,
  origin: string,
  admin: { email: string; password: string },
  paper: string,
  width = 1280,
): Promise<Locator> {
  await useWidth(page, width);
  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${origin}/admin/dashboard`);
  if (width < 900) await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('button', { name: 'All Question Papers', exact: true })
    .click();
  const group = page.locator('details.admin-paper').filter({ hasText: paper });
  await group.locator(':scope > summary').click();
  return group;
}

/** Drops a file on the target as a browser does: a drop event carrying it in its DataTransfer. */
export async function dropFile(
  page: Page,
  target: Locator,
  name: string,
  data: Buffer,
  type = 'application/pdf',
): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64, type }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { name, base64: data.toString('base64'), type },
  );
  await target.dispatchEvent('drop', { dataTransfer });
}
