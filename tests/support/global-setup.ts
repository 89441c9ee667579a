import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: string; dumpPath?: string; name?: string };
  }
}

/** Migrates one template database for the whole run (see tests/support/database.ts). */
export default async function setup(project: TestProject) {
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const template = await createTemplate(path.join(dir, `db-template-${process.pid}.tar`));
  project.provide('dbTemplate', template);
  return async () => {
    await dropTemplate(template);
  };
}
