import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found by walking up from this module. The server runs both from
 * its TypeScript sources (src/server/…, tests and scripts) and from the compiled bundle
 * (dist/server/index.js), so files such as drizzle/ and dist/client/ are located from the project
 * root, never by a fixed number of '..'.
 */
export function findProjectRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot();
