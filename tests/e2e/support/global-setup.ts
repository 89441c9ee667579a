import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD } from '../../../src/server/features/demo/seed-demo.service';
import { createE2eDatabase, startServer } from './server';

const E2E_ADMIN = { email: 'admin-e2e@refeed.fr', password: 'Admin-e2e-2026!' };
// Keep in step with E2E_NEWCOMER in seed-e2e.ts.
const E2E_NEWCOMER = { email: 'newcomer-e2e@refeed.fr', password: 'Newcomer-e2e-2026!' };
// Keep in step with E2E_QUOTA_OWNER in seed-e2e.ts.
const E2E_QUOTA_OWNER = { email: 'quota-e2e@refeed.fr', password: 'Quota-e2e-2026!' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The client build the run's server serves (a spec that starts its own server, as billing's, serves it too). */
    e2eClientDist: string;
    e2eDataDir: string;
    /** A platform administrator and the approved demo owner ("Chez Demo"), created before the server starts. */
    e2eAdmin: { email: string; password: string };
    e2eOwner: { email: string; password: string };
    /** A confirmed account with no restaurant yet (magic links create no account: decision 042). */
    e2eNewcomer: { email: string; password: string };
    /** The owner of an approved Pro organisation that has sent 850 of its 1,000 diner emails this month. */
    e2eQuotaOwner: { email: string; password: string };
  }
}

/**
 * Builds a private copy of the client and of the server bundle (what `npm start` runs) and starts one
 * production server from them for the e2e run.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../../..');
  // CI builds the client once and hands it over (E2E_CLIENT_DIST); otherwise build a private copy.
  const prebuilt = process.env.E2E_CLIENT_DIST;
  const clientDist = prebuilt ? path.resolve(prebuilt) : mkdtempSync(path.join(tmpdir(), 'refeed-e2e-client-'));
  if (!prebuilt) {
    execFileSync(process.execPath, [path.join(root, 'scripts/build-client.mjs'), '--out-dir', clientDist], { cwd: root, stdio: 'inherit' });
  }
  // The bundle goes under the project (node_modules/.cache) so it finds the project root and its externals.
  const serverDist = path.join(root, 'node_modules/.cache/refeed', `e2e-server-${process.pid}`);
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--out-dir', serverDist], { cwd: root, stdio: 'inherit' });
  // With TEST_DATABASE_URL the server runs on a fresh PostgreSQL database; otherwise on PGlite.
  const postgres = await createE2eDatabase();
  const server = await startServer(
    // WEBHOOK_ALLOW_PRIVATE: the explicit test option that lets webhooks reach the spec's receiver on 127.0.0.1
    // (refused in production by env.ts).
    { CLIENT_DIST_DIR: clientDist, WEBHOOK_ALLOW_PRIVATE: '1', ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
    (env) => execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'tests/e2e/support/seed-e2e.ts')], { cwd: root, env, stdio: 'inherit' }),
    path.join(serverDist, 'index.js'),
  );
  project.provide('e2eAdmin', E2E_ADMIN);
  project.provide('e2eNewcomer', E2E_NEWCOMER);
  project.provide('e2eQuotaOwner', E2E_QUOTA_OWNER);
  project.provide('e2eOwner', { email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD });
  project.provide('baseUrl', server.url);
  project.provide('e2eClientDist', clientDist);
  project.provide('e2eDataDir', server.dataDir);
  return async () => {
    await server.stop();
    await postgres?.drop();
    if (!prebuilt) rmSync(clientDist, { recursive: true, force: true });
    rmSync(serverDist, { recursive: true, force: true });
  };
}
