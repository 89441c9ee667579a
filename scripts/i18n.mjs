// Compiles the message catalogues (src/shared/i18n/<catalogue>/messages/<locale>.json, inlang message format)
// into typed message functions with Paraglide JS 2 (decision 089): src/shared/i18n/<catalogue>/paraglide/,
// generated, not committed. One module per language (`messages/<locale>.js`), so the diner page loads only
// its own language's chunk. Run by every script that reads them (build, build:server, test, typecheck, dev,
// start) and by the Vitest global setup; `npm run i18n` on its own after editing a catalogue.
// The message-format plugin comes from node_modules (providePlugins), never from the network.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const I18N_DIR = path.join(root, 'src/shared/i18n');
/** The catalogues: one inlang project each, compiled on its own (the diner page never carries the emails' texts). */
export const CATALOGUES = readdirSync(I18N_DIR).filter((name) => existsSync(path.join(I18N_DIR, name, 'project.inlang/settings.json')));

/** A hash of what a catalogue compiles from: its messages and settings, the compiler's version, this script. */
function sourcesHash(name) {
  const dir = path.join(I18N_DIR, name);
  const hash = createHash('sha256');
  // Every file under the folder, sub-folders included (the owner catalogue keeps one folder per area).
  const files = (sub) => readdirSync(path.join(dir, sub), { recursive: true }).map(String).sort().map((file) => path.join(dir, sub, file));
  for (const file of [...files('messages'), ...files('project.inlang'), path.join(root, 'node_modules/@inlang/paraglide-js/package.json'), import.meta.filename]) {
    if (statSync(file).isFile()) hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** True when the catalogue's compiled output is missing or was compiled from other sources. */
function isStale(name) {
  const marker = path.join(I18N_DIR, name, 'paraglide/.compiled');
  return !existsSync(marker) || readFileSync(marker, 'utf8').trim() !== sourcesHash(name);
}

/**
 * Compiles every catalogue whose output is missing or older than its sources (or all with `force`), in a
 * child process: the inlang SDK keeps handles open that would hold the caller's process (a build, Vitest).
 */
export async function compileCatalogues({ force = false } = {}) {
  const stale = CATALOGUES.filter((name) => force || isStale(name));
  if (stale.length) execFileSync(process.execPath, [import.meta.filename, '--compile', ...stale], { cwd: root, stdio: 'inherit' });
}

async function compileNow(names) {
  for (const name of names) {
    const dir = path.join(I18N_DIR, name);
    const outdir = path.join(dir, 'paraglide');
    const marker = path.join(outdir, '.compiled');
    const hash = sourcesHash(name);
    const [{ loadProjectFromDirectory }, { compileProject }, plugin] = await Promise.all([
      import('@inlang/sdk'),
      import('@inlang/paraglide-js'),
      import(pathToFileURL(path.join(root, 'node_modules/@inlang/plugin-message-format/dist/index.js')).href),
    ]);
    const project = await loadProjectFromDirectory({ path: path.join(dir, 'project.inlang'), fs, providePlugins: [plugin.default ?? plugin.plugin] });
    const errors = await project.errors.get();
    const output = await compileProject({
      project,
      compilerOptions: { outputStructure: 'locale-modules', emitTsDeclarations: true, emitGitIgnore: false, emitPrettierIgnore: false, emitReadme: false, strategy: ['baseLocale'], isServer: 'typeof window === "undefined"' },
    });
    await project.close();
    if (errors.length) throw new Error(`i18n catalogue ${name}: ${errors.map((error) => error.message ?? String(error)).join('; ')}`);
    rmSync(outdir, { recursive: true, force: true });
    for (const [file, content] of Object.entries(output)) {
      const target = path.join(outdir, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
    writeFileSync(marker, `${hash}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = Date.now();
  const at = process.argv.indexOf('--compile');
  if (at > 0) {
    await compileNow(process.argv.slice(at + 1));
    console.log(`i18n catalogues compiled (${process.argv.slice(at + 1).join(', ')}) in ${Date.now() - started} ms`);
    process.exit(0);
  }
  await compileCatalogues({ force: process.argv.includes('--force') });
}
