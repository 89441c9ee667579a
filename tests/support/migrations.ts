import { readFileSync } from 'node:fs';

/**
 * The hand-written statements of a migration (everything from its `-- custom:` comment on), comments
 * dropped: a migration test runs them again on rows shaped as the previous version left them.
 */
export function customMigrationStatements(fileName: string): string[] {
  const file = readFileSync(new URL(`../../drizzle/${fileName}`, import.meta.url), 'utf8');
  return file
    .slice(file.indexOf('-- custom:'))
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^--.*$/gm, '').trim())
    .filter(Boolean);
}
