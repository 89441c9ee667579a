import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { architectureConfig, PRODUCT_LAYOUT } from '../../eslint.architecture.js';

/**
 * The architecture's lint rules (eslint.architecture.js), with the product's own layout (PRODUCT_LAYOUT,
 * the one eslint.config.js applies to src/), on a small tree of fixtures laid out like src/: each fixture
 * that breaks a rule must fail with that rule and only it, every other file must pass.
 */
const root = path.join(import.meta.dirname, 'fixtures');

async function lint(): Promise<Map<string, string[]>> {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: architectureConfig(root, PRODUCT_LAYOUT, ['**/*.ts']), ignore: false });
  const results = await eslint.lintFiles(['**/*.ts']);
  return new Map(results.map((result) => [path.relative(root, result.filePath), result.messages.map((message) => message.ruleId ?? message.message)]));
}

const ZONE = 'import-x/no-restricted-paths';
const CYCLE = 'architecture/no-cycle';

describe('architecture lint', () => {
  it('fails on each broken rule and passes the rest', async () => {
    const rules = await lint();
    const expected: Record<string, string[]> = {
      // A feature never imports another feature.
      'src/server/features/alpha/alpha.ts': [ZONE],
      // A server feature never imports the app layer (app.ts, the job registry...); deps.ts and the job queue it may.
      'src/server/features/gamma/uses-app.ts': [ZONE],
      'src/server/features/gamma/uses-registry.ts': [ZONE],
      'src/server/features/beta/beta.ts': [],
      // A client feature never imports client/app.
      'src/client/features/one/one.ts': [ZONE],
      // The lower server layers never import a feature, deps.ts or the app layer, type-only imports included.
      'src/server/core/uses-feature.ts': [ZONE],
      'src/server/core/uses-deps.ts': [ZONE],
      'src/server/email/uses-app.ts': [ZONE],
      'src/server/auth/uses-feature.ts': [ZONE],
      'src/server/jobs/cleanup.jobs.ts': [ZONE],
      // lib is below core.
      'src/server/lib/uses-core.ts': [ZONE],
      // No import cycle: two files importing each other, two importing each other's types only, and a
      // three-file circle closed by an `import type` (the shape of the circle auth.ts → email → deps.ts → auth.ts was).
      'src/server/core/cycle-a.ts': [CYCLE],
      'src/server/core/cycle-b.ts': [CYCLE],
      'src/server/core/type-cycle-a.ts': [CYCLE],
      'src/server/core/type-cycle-b.ts': [CYCLE],
      'src/server/core/ring-1.ts': [CYCLE],
      'src/server/core/ring-2.ts': [CYCLE],
      'src/server/core/ring-3.ts': [CYCLE],
      // What may import everything below it.
      'src/server/app.ts': [],
      'src/server/api-routes.ts': [],
      'src/server/jobs/registry.ts': [],
      'src/server/deps.ts': [],
      'src/server/core/shared.ts': [],
      'src/server/jobs/queue.ts': [],
      'src/client/app/router.ts': [],
      'src/client/app/routes.ts': [],
      'src/client/lib/format.ts': [],
    };
    expect(Object.fromEntries(rules)).toEqual(expected);
  }, 60_000);

  it('names the circle it found, type-only imports included', async () => {
    const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: architectureConfig(root, PRODUCT_LAYOUT, ['**/*.ts']), ignore: false });
    const [result] = await eslint.lintFiles(['src/server/core/ring-3.ts']);
    expect(result.messages.map((message) => message.message)).toEqual([
      'Import cycle (type-only imports count): src/server/core/ring-3.ts → src/server/core/ring-1.ts → src/server/core/ring-2.ts → src/server/core/ring-3.ts.',
    ]);
  }, 60_000);
});
