// Every setting src/server/env.ts reads is in the one settings table, docs/operations.md's (the README points
// to it), with its default (issue 49: ALLOW_HTTP_PUBLIC_URL was named only in an error message).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** The variables of env.ts's schema: its `NAME: z.…` lines. */
const settings = [...read('src/server/env.ts').matchAll(/^ {4}([A-Z][A-Z0-9_]+): z\./gm)].map((match) => match[1]);
/** The names a markdown table's rows start with (one row may name several: `A`, `B`). */
const tableNames = (markdown: string) =>
  new Set(
    markdown
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1])),
  );

describe('the settings tables', () => {
  it('name every variable env.ts reads', () => {
    expect(settings.length).toBeGreaterThanOrEqual(30);
    expect(settings).toContain('ALLOW_HTTP_PUBLIC_URL');
    const names = tableNames(read('docs/operations.md'));
    expect(settings.filter((name) => !names.has(name))).toEqual([]);
    expect(read('README.md')).toContain('docs/operations.md#settings');
  });
});
