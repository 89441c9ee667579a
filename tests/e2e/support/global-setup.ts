import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createE2eDatabase, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDataDir: string;
  }
}

/** Builds the client if stale and starts one production server for the e2e run. */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../../..');
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-client-build.mjs')], { cwd: root, stdio: 'inherit' });
  // With TEST_DATABASE_URL the server runs on a fresh PostgreSQL database; otherwise on PGlite.
  const postgres = await createE2eDatabase();
  const server = await startServer(postgres ? { DATABASE_URL: postgres.url } : {});
  project.provide('baseUrl', server.url);
  project.provide('e2eDataDir', server.dataDir);
  return async () => {
    await server.stop();
    await postgres?.drop();
  };
}
