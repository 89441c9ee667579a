import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { platformDoorConfig } from '../../eslint.architecture.js';

/**
 * The platform's door (eslint.architecture.js `platformDoorConfig`, applied to src/ and scripts/ by
 * eslint.config.js) on fixtures: outside platform/, an import of platform/index passes and a deep import of
 * another platform module fails (a type-only one too); inside platform/, its modules import each other freely.
 */
const root = path.join(import.meta.dirname, 'fixtures-platform');

async function lint(): Promise<Map<string, string[]>> {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: platformDoorConfig(root, ['**/*.ts'], 'platform'), ignore: false });
  const results = await eslint.lintFiles(['**/*.ts']);
  return new Map(results.map((result) => [path.relative(root, result.filePath), result.messages.map((message) => message.ruleId ?? message.message)]));
}

describe('platform door lint', () => {
  it('fails on a deep import of a platform module from outside, passes the door and the platform itself', async () => {
    const rules = await lint();
    expect(rules.get('core/deep.ts')).toEqual(['platform-door/no-restricted-paths']);
    expect(rules.get('core/deep-type.ts')).toEqual(['platform-door/no-restricted-paths']);
    expect(rules.get('core/through-door.ts')).toEqual([]);
    expect(rules.get('platform/index.ts')).toBeUndefined();
  }, 60_000);
});
