// The architecture's dependency rules as lint (docs/architecture.md): a feature never imports another
// feature, the layers below the features never import one, and no file takes part in an import cycle.
// eslint.config.js applies them to src/; tests/lint/architecture.test.ts applies them to fixtures.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const FEATURE_MESSAGE = 'A feature never imports another feature: move what both need to the shared core (docs/architecture.md).';
const LAYER_MESSAGE = 'The layers below the features (core, email, lib, db, storage; components, lib, config) never import a feature or the app layer.';

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

/** The flat-config entries that enforce `layout` on `files`. */
export function architectureConfig(root, layout, files) {
  return [
    {
      files,
      languageOptions: { parser: tseslint.parser },
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
        // no-cycle reads the imported files too: TypeScript ones with the TypeScript parser.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: architectureZones(root, layout) }],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
  ];
}

/** The product's layout. */
export const PRODUCT_LAYOUT = {
  featureRoots: ['src/server/features', 'src/client/features'],
  below: {
    'src/server/core': ['src/server/features'],
    'src/server/email': ['src/server/features'],
    'src/server/lib': ['src/server/features'],
    'src/server/db': ['src/server/features'],
    'src/server/storage': ['src/server/features'],
    'src/client/components': ['src/client/features', 'src/client/app'],
    'src/client/lib': ['src/client/features', 'src/client/app'],
    'src/client/config': ['src/client/features', 'src/client/app'],
  },
};
