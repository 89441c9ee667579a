import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { architectureConfig } from '../../eslint.architecture.js';

/**
 * The architecture's lint rules (eslint.architecture.js, applied to src/ by eslint.config.js) on a small
 * layout of fixtures: features/alpha imports features/beta (forbidden), features/beta imports core
 * (allowed), core imports a feature (forbidden), and two core files import each other (a cycle).
 */
const root = path.join(import.meta.dirname, 'fixtures');
const layout = { featureRoots: ['features'], below: { core: ['features'] } };

async function lint(): Promise<Map<string, string[]>> {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: architectureConfig(root, layout, ['**/*.ts']), ignore: false });
  const results = await eslint.lintFiles(['**/*.ts']);
  return new Map(results.map((result) => [path.relative(root, result.filePath), result.messages.map((message) => message.ruleId ?? message.message)]));
}

describe('architecture lint', () => {
  it('fails on a cross-feature import, on a lower layer importing a feature and on an import cycle, and passes the rest', async () => {
    const rules = await lint();
    expect(rules.get('features/alpha/alpha.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rules.get('core/uses-feature.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rules.get('core/cycle-a.ts')).toEqual(['import-x/no-cycle']);
    expect(rules.get('core/cycle-b.ts')).toEqual(['import-x/no-cycle']);
    expect(rules.get('features/beta/beta.ts')).toEqual([]);
    expect(rules.get('core/shared.ts')).toEqual([]);
  }, 60_000);
});
