import { hostname } from 'node:os';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StoreUnavailableError } from '../types';

/**
 * nedb keeps each collection in memory and rewrites its file on compaction, so a second process writing the same
 * files loses its changes at the first process's next compaction. The embedded store therefore holds this lock on
 * its data folder while it is open; a lock left by a process that no longer runs is taken over.
 */
export const LOCK_FILE_NAME = 'hiregate.lock';

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

export class DataFolderInUseError extends StoreUnavailableError {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${owner.pid} on ${owner.host} since ${owner.since} ` +
        `(lock file ${path.join(dataDir, LOCK_FILE_NAME)}); two processes must never write one embedded store.`,
    );
    this.name = 'DataFolderInUseError';
  }
}

/**
 * The locks this process holds. A lock file naming this process's pid but not listed here was left by an earlier
 * process that had the same pid (a restarted container's server is often pid 1 again), so it is stale.
 */
const heldHere = new Set<string>();

/** Takes the data folder's lock or throws DataFolderInUseError; resolves to the function that releases it. */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.resolve(dataDir, LOCK_FILE_NAME);
  const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  if (!(await tryCreate(lockPath, owner))) {
    const holder = await readOwner(lockPath);
    if (holder && isHeld(holder, lockPath)) throw new DataFolderInUseError(dataDir, holder);
    await unlink(lockPath).catch(ignoreMissing);
    if (!(await tryCreate(lockPath, owner))) {
      throw new DataFolderInUseError(dataDir, (await readOwner(lockPath)) ?? owner);
    }
  }
  heldHere.add(lockPath);
  return async () => {
    heldHere.delete(lockPath);
    const holder = await readOwner(lockPath);
    if (holder?.pid === owner.pid && holder.since === owner.since) await unlink(lockPath).catch(ignoreMissing);
  };
}

/** Writes the owner to a file of its own, then links it into place: the lock file never exists half-written. */
async function tryCreate(lockPath: string, owner: LockOwner): Promise<boolean> {
  const draft = `${lockPath}.${owner.pid}.${Date.now()}`;
  await writeFile(draft, JSON.stringify(owner));
  try {
    await link(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft).catch(ignoreMissing);
  }
}

async function readOwner(lockPath: string): Promise<LockOwner | null> {
  try {
    const owner = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number'
      ? { pid: owner.pid, host: String(owner.host), since: String(owner.since) }
      : null;
  } catch {
    return null;
  }
}

/** A process on another host cannot be checked from here, so its lock counts as held. */
function isHeld(owner: LockOwner, lockPath: string): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return heldHere.has(lockPath);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
