import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * PGlite is single-process: two servers on one folder silently lose writes. The first process
 * writes its pid to a lock file; a second one refuses to start while that pid is alive. A lock left
 * by a crashed process (pid gone) is taken over.
 */
export function acquireDataDirLock(dataDir: string): { release: () => void } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'refeed.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder && isProcessAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is already in use by another ReFeed process (pid ${holder}). ` +
            'Stop it first, or start this one with another DATA_DIR. Two processes on one embedded database would lose data.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
