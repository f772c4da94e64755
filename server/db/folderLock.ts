import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database is one process's: two processes writing one PGlite folder damage it. The
 * process that opens it writes its pid beside it; another finds the pid alive and is refused. A pid
 * left by a killed process (kill -9, a crash) is dead, and the next start takes the folder over —
 * also while the killed process is a zombie: its parent has not collected it yet (a supervisor
 * that restarts at once, a container's first process that never reaps), so the pid still answers
 * a signal, yet the kernel has closed its files and it holds nothing.
 */
export const lockFileOf = (dataDir: string) => join(dataDir, 'pglite.pid');

/** The live process holding the folder, other than this one; null when it is free. */
export function folderOwner(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFileOf(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return isZombie(pid) ? null : pid;
  } catch (error) {
    // EPERM: there, another user's; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM' && !isZombie(pid) ? pid : null;
  }
}

/**
 * Linux: the state letter of /proc/<pid>/stat, after the command name in parentheses (which may
 * itself hold spaces and parentheses): Z zombie, X dead. Elsewhere, or when the entry is gone,
 * the signal's answer decides.
 */
function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  const state = stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
  return state === 'Z' || state === 'X';
}

export class FolderInUseError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `The embedded database in ${folder} is in use by process ${pid} (another portal, or a backup). Two processes on one folder would damage it: ` +
        `stop that process first, or use DATABASE_URL for several instances.`,
    );
    this.name = 'FolderInUseError';
  }
}

/** Takes the folder for this process; answers the release. */
export function lockFolder(dataDir: string): () => void {
  const owner = folderOwner(dataDir);
  if (owner !== null) throw new FolderInUseError(join(dataDir, 'pglite'), owner);
  writeFileSync(lockFileOf(dataDir), `${process.pid}\n`);
  return () => {
    if (folderOwner(dataDir) === null) rmSync(lockFileOf(dataDir), { force: true });
  };
}
