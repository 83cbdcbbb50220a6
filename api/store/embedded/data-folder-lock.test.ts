import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderInUseError, LOCK_FILE_NAME, lockDataFolder } from './data-folder-lock';
import { openEmbeddedStore } from './embedded-store';

describe('the embedded store locks its data folder', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-lock-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second opening while the first is open, and allows it once that one is closed', async () => {
    const first = await openEmbeddedStore(dataDir);
    const refusal = await openEmbeddedStore(dataDir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataFolderInUseError);
    expect((refusal as DataFolderInUseError).owner.pid).toBe(process.pid);
    await first.close();
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const second = await openEmbeddedStore(dataDir);
    await second.close();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const stale = { pid: gone, host: hostname(), since: '2026-01-01T00:00:00.000Z' };
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify(stale));
    const release = await lockDataFolder(dataDir);
    await expect(lockDataFolder(dataDir)).rejects.toBeInstanceOf(DataFolderInUseError);
    await release();
  });

  it("takes over a lock naming this process's pid that this process does not hold (a restarted container)", async () => {
    const earlierLife = { pid: process.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z' };
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify(earlierLife));
    const release = await lockDataFolder(dataDir);
    await expect(lockDataFolder(dataDir)).rejects.toBeInstanceOf(DataFolderInUseError);
    await release();
  });

  it('keeps a lock whose process still runs', async () => {
    const alive = { pid: process.ppid, host: hostname(), since: '2026-01-01T00:00:00.000Z' };
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify(alive));
    await expect(lockDataFolder(dataDir)).rejects.toThrow(`in use by process ${process.ppid}`);
  });
});
