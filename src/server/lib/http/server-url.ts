import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../../env';

/** The file in the data folder where the server notes the address it answers on. */
const FILE = 'server-url';

/** Noted by the server once it listens, so the scripts run beside it (seed, admin:create) print its real address. */
export function noteServerUrl(dataDir: string, url: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, FILE), `${url}\n`);
  } catch {
    // A read-only data folder only costs the scripts' printed address.
  }
}

/**
 * The address a script run beside the server should print: PUBLIC_URL or PORT when the script was given
 * one, else the address the last server on this data folder answered on (`PORT=3999 npm start`, then
 * `npm run seed:demo` prints localhost:3999), else the default.
 */
export function withServerUrl(env: Env, source: Record<string, string | undefined>): Env {
  if (source.PUBLIC_URL || source.PORT) return env;
  try {
    const noted = readFileSync(path.join(env.DATA_DIR, FILE), 'utf8').trim();
    return /^https?:\/\/\S+$/.test(noted) ? { ...env, PUBLIC_URL: noted.replace(/\/$/, '') } : env;
  } catch {
    return env;
  }
}
