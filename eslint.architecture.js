// The architecture's dependency rules as lint (docs/architecture.md): a feature never imports another
// feature, no layer imports one above it (the features and the app layer included), and no file takes part
// in an import cycle, type-only imports included.
// eslint.config.js applies them to src/; tests/lint/architecture.test.ts applies them to fixtures.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

const FEATURE_MESSAGE = 'A feature never imports another feature: move what both need to the shared core (docs/architecture.md).';
const LAYER_MESSAGE = 'A layer never imports a layer above it: lib, db, storage < core, email, jobs < auth < deps.ts < features < the app layer (docs/architecture.md, "Dependency rules").';

/** The folders directly under `dir` (every feature folder, so a new feature is covered without editing this file). */
function foldersOf(root, dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * The import-x zones of `layout`: `featureRoots` are folders whose sub-folders are features (each may
 * import only itself); `below` maps a restricted folder to the folders it must not import from.
 */
export function architectureZones(root, layout) {
  const zones = [];
  for (const base of layout.featureRoots) {
    for (const feature of foldersOf(root, base)) {
      zones.push({ target: `./${base}/${feature}`, from: `./${base}`, except: [`./${feature}`], message: FEATURE_MESSAGE });
    }
  }
  for (const [target, froms] of Object.entries(layout.below)) {
    for (const from of froms) zones.push({ target: `./${target}`, from: `./${from}`, message: LAYER_MESSAGE });
  }
  return zones;
}

const CODE_FILE = /\.(ts|tsx|js|mjs)$/;
const RESOLVED_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** The file a relative specifier names (a package is never part of a cycle of ours), or null. */
function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...RESOLVED_EXTENSIONS.map((ext) => base + ext), ...RESOLVED_EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  for (const candidate of candidates) {
    try {
      if (statSync(candidate).isFile()) return CODE_FILE.test(candidate) ? candidate : null;
    } catch {
      // not this candidate
    }
  }
  return null;
}

/** Each file's imports as read from disk, kept while its modification time stays. */
const importsOnDisk = new Map();

/**
 * The files `file` imports: every static import and re-export, type-only ones included, dynamic imports and
 * `import('…')` types (TypeScript's own pre-processing scanner, which reads them all). `text`: the linted
 * file's current text.
 */
function importsOf(file, text) {
  let mtimeMs = -1;
  if (text === undefined) {
    mtimeMs = statSync(file).mtimeMs;
    const kept = importsOnDisk.get(file);
    if (kept && kept.mtimeMs === mtimeMs) return kept.imports;
  }
  const source = text ?? readFileSync(file, 'utf8');
  const imports = [];
  for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
    const resolved = resolveRelative(file, fileName);
    if (resolved) imports.push({ specifier: fileName, file: resolved });
  }
  if (text === undefined) importsOnDisk.set(file, { mtimeMs, imports });
  return imports;
}

/**
 * import-x/no-cycle skips type-only imports (no option turns that off in 4.18), so a circle closed by an
 * `import type` passed: this rule reads every import. For the linted file F it walks the files F reaches,
 * finds those that lead back to F, and reports each import of F that starts such a circle, with the circle.
 */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle (type-only imports count): {{route}}.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file) || !CODE_FILE.test(file)) return {};
    const sources = [];
    const collect = (node) => {
      if (node.source && typeof node.source.value === 'string') sources.push(node);
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'(program) {
        const own = importsOf(file, context.sourceCode.text);
        // Every file F reaches, and the importers of each (to walk back from F).
        const importers = new Map();
        const seen = new Set([file]);
        const queue = [file];
        while (queue.length > 0) {
          const current = queue.shift();
          for (const { file: next } of current === file ? own : importsOf(current)) {
            if (!importers.has(next)) importers.set(next, new Set());
            importers.get(next).add(current);
            if (!seen.has(next)) {
              seen.add(next);
              queue.push(next);
            }
          }
        }
        // The files that lead back to F.
        const leadBack = new Set();
        const back = [file];
        while (back.length > 0) {
          for (const previous of importers.get(back.shift()) ?? []) {
            if (!leadBack.has(previous)) {
              leadBack.add(previous);
              back.push(previous);
            }
          }
        }
        const relative = (target) => path.relative(context.cwd, target);
        const reported = new Set();
        for (const { specifier, file: target } of own) {
          if (!leadBack.has(target) || reported.has(specifier)) continue;
          reported.add(specifier);
          const route = routeBack(target, file, leadBack, own);
          const node = sources.find((candidate) => candidate.source.value === specifier) ?? program;
          context.report({ node, messageId: 'cycle', data: { route: [file, ...route].map(relative).join(' → ') } });
        }
      },
    };
  },
};

/** The shortest way from `start` back to `file` through files that lead back to it. */
function routeBack(start, file, leadBack, own) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === file) break;
    for (const { file: next } of current === file ? own : importsOf(current)) {
      if ((next === file || leadBack.has(next)) && !cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  const route = [];
  for (let step = file; step !== null && step !== undefined; step = cameFrom.get(step)) route.unshift(step);
  return route;
}

/** The flat-config entries that enforce `layout` on `files`. */
export function architectureConfig(root, layout, files) {
  return [
    {
      files,
      languageOptions: { parser: tseslint.parser },
      plugins: { 'import-x': importX, architecture: { rules: { 'no-cycle': noCycle } } },
      settings: {
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
        // no-cycle reads the imported files too: TypeScript ones with the TypeScript parser.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: architectureZones(root, layout) }],
        'architecture/no-cycle': 'error',
      },
    },
  ];
}

/** The zones' `below` entries of `layers` (lowest first): each path of a layer must not import any path of a layer above it. */
export function layersBelow(layers) {
  const below = {};
  layers.forEach((layer, index) => {
    const above = layers.slice(index + 1).flat();
    for (const target of layer) below[target] = [...(below[target] ?? []), ...above];
  });
  return below;
}

/**
 * The server's app layer: what wires the features together (the Hono app and its pipeline, every route
 * mounted, the pages, the list of every job, the boot). Only the app layer imports it.
 */
export const SERVER_APP_LAYER = [
  'src/server/app.ts',
  'src/server/api-routes.ts',
  'src/server/middleware.ts',
  'src/server/error-handler.ts',
  'src/server/pages.ts',
  'src/server/jobs/registry.ts',
  'src/server/bootstrap.ts',
  'src/server/index.ts',
];

/** The client's app layer: the router, its layouts and routes, and the three entries. */
export const CLIENT_APP_LAYER = ['src/client/app', 'src/client/main.tsx', 'src/client/diner', 'src/client/site'];

/**
 * The server's layers, lowest first (docs/architecture.md, "Dependency rules"). platform/ is left out here:
 * its own block (features and core use only its door) says what may import it.
 */
export const SERVER_LAYERS = [
  // Technical: configuration, helpers by kind, the database, files, the job queue itself.
  ['src/server/env.ts', 'src/server/lib', 'src/server/db', 'src/server/storage', 'src/server/jobs/queue.ts'],
  // The domain below the features: the shared core, the one mail pipeline, the jobs that are no feature's.
  ['src/server/core', 'src/server/email', 'src/server/jobs/*.jobs.ts'],
  // better-auth, what follows a confirmed address, the owner routes' guards.
  ['src/server/auth'],
  // The dependencies every route gets: composes the narrow types of the layers below (EmailDeps, GuardDeps...).
  ['src/server/deps.ts'],
  ['src/server/features'],
  SERVER_APP_LAYER,
];

export const CLIENT_LAYERS = [['src/client/components', 'src/client/lib', 'src/client/config'], ['src/client/features'], CLIENT_APP_LAYER];

/** The product's layout. */
export const PRODUCT_LAYOUT = {
  featureRoots: ['src/server/features', 'src/client/features'],
  below: { ...layersBelow(SERVER_LAYERS), ...layersBelow(CLIENT_LAYERS) },
};

const PLATFORM_DOOR_MESSAGE = 'Outside src/server/platform/, import the platform only through its door, src/server/platform/index.ts (platform/README.md).';

/**
 * The platform's one door (src/server/platform/README.md): a file of `files` outside `platformDir` may import
 * from `platformDir` only its `index.ts`. Its own block and its own rule name (import-x's no-restricted-paths
 * registered a second time as `platform-door/…`), so that it adds to the architecture's zones instead of
 * replacing them.
 */
export function platformDoorConfig(root, files, platformDir = 'src/server/platform') {
  return [
    {
      files,
      ignores: [`${platformDir}/**`],
      languageOptions: { parser: tseslint.parser },
      plugins: { 'platform-door': importX },
      settings: {
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      },
      rules: {
        'platform-door/no-restricted-paths': ['error', { basePath: root, zones: [{ target: '.', from: `./${platformDir}`, except: ['./index.ts'], message: PLATFORM_DOOR_MESSAGE }] }],
      },
    },
  ];
}
