import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, loadPgliteExtensions, type Database } from '../../src/server/db/client';
import { createJobQueue } from '../../src/server/jobs/queue';

/**
 * Test databases. A migrated template (with pg-boss's schema) is made once per run; each test file
 * gets its own copy: a PGlite loaded from the template's dump, or a PostgreSQL database created
 * from the template database when TEST_DATABASE_URL is set.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function installSchemas(database: Database): Promise<void> {
  await migrateDatabase(database);
  const boss = createJobQueue(database);
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

/** Builds the template; returns what `openTestDatabase` needs to copy it. */
export async function createTemplate(dumpPath: string): Promise<{ kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; name: string }> {
  if (TEST_DATABASE_URL) {
    const name = `refeed_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabaseName(TEST_DATABASE_URL, name) });
    await installSchemas(database);
    await database.close();
    return { kind: 'postgres', name };
  }
  const database = await openDatabase({});
  await installSchemas(database);
  if (database.kind !== 'pglite') throw new Error('unreachable');
  const dump = await database.pglite.dumpDataDir('none');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { kind: 'pglite', dumpPath };
}

export async function dropTemplate(template: { kind: string; name?: string }): Promise<void> {
  if (template.kind !== 'postgres' || !TEST_DATABASE_URL || !template.name) return;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists "${template.name}" with (force)`);
  await admin.end();
}

/**
 * A PostgreSQL database of its own next to TEST_DATABASE_URL (a copy of `template` when given, else
 * empty), dropped when it is closed.
 */
async function openThrowawayPostgres(prefix: string, template?: string): Promise<Database> {
  const name = `${prefix}${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabaseName(TEST_DATABASE_URL!, name) });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  } as Database;
}

/** A fresh, migrated database for one test file, and a way to throw it away. */
export async function openTestDatabase(template: { kind: string; dumpPath?: string; name?: string }): Promise<Database> {
  if (template.kind === 'postgres') return openThrowawayPostgres('refeed_t_', template.name);
  const pglite = await PGlite.create({ extensions: await loadPgliteExtensions(), loadDataDir: new Blob([readFileSync(template.dumpPath!)]) });
  return openDatabase({ pglite });
}

/**
 * A new database with nothing in it (no migration, no job queue), thrown away on close: PGlite in
 * memory, or a database of its own on TEST_DATABASE_URL. For the migration tests.
 */
export async function openEmptyTestDatabase(): Promise<Database> {
  return TEST_DATABASE_URL ? openThrowawayPostgres('refeed_m_') : openDatabase({});
}

type Journal = { entries: Array<{ idx: number; tag: string }> };

/**
 * Applies drizzle/'s migrations up to `lastTag` included, as a database deployed then had them: from a
 * folder holding only that part of the journal. `migrateDatabase` then applies the rest, as a deploy would.
 */
export async function migrateUpTo(database: Database, lastTag: string): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const folder = mkdtempSync(path.join(tmpdir(), 'refeed-migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    const entries = journal.entries.slice(0, last + 1);
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await migrateDatabase(database, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
