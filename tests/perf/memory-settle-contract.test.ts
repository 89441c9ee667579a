// Contract test (README, Operating notes): the memory settle (src/server/lib/memory-settle.ts, decision
// 065) relies on V8's `gc` function, exposed by --expose-gc, running a full collection that gives freed
// heap pages back to the system when asked for the "last-resort" flavor. A regular full collection keeps
// them for later; if a Node or V8 upgrade drops the option, this fails.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';

const ROOT = path.resolve(__dirname, '../..');

// In a child on the server's own Node flags: ~250 MB of short-lived objects, as a rush leaves them, then
// one check of the real memory settle once "idle".
const CHILD = `
import { getHeapStatistics } from 'node:v8';
import { startMemorySettle } from './src/server/lib/memory-settle.ts';
const rssMb = () => process.memoryUsage().rss / 1048576;
// A loop that has been quiet for the whole window, whatever this child did.
const quietLoop = (current, previous) => (current && previous ? { active: 0, idle: 1, utilization: 0 } : { active: 0, idle: 0, utilization: 0 });
const settle = startMemorySettle({ measureLoop: quietLoop });
let kept = [];
for (let n = 0; n < 300; n++) {
  kept.push(Array.from({ length: 20000 }, (_, i) => ({ label: 'x' + i, n: i })));
  if (kept.length > 40) kept.shift();
}
kept = null;
const before = { rss: rssMb(), heap: getHeapStatistics().total_heap_size / 1048576 };
let collected = false;
for (let n = 0; n < 6 && !collected; n++) collected = settle.check();
await new Promise((resolve) => setTimeout(resolve, 500));
settle.stop();
console.log(JSON.stringify({ collected, before, after: { rss: rssMb(), heap: getHeapStatistics().total_heap_size / 1048576 } }));
`;

describe('memory settle contract (V8 gc of last resort)', () => {
  it('the server runs with the collector exposed, and one settle gives the pages of a rush back to the system', () => {
    expect(SERVER_NODE_FLAGS).toContain('--expose-gc');
    const output = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', '--input-type=module', '-e', CHILD], { cwd: ROOT, encoding: 'utf8' });
    const { collected, before, after } = JSON.parse(output.trim().split('\n').pop()!) as { collected: boolean; before: { rss: number; heap: number }; after: { rss: number; heap: number } };
    expect(collected).toBe(true);
    expect(before.heap).toBeGreaterThan(100);
    expect(after.heap).toBeLessThan(before.heap / 3);
    // The pages themselves: resident memory comes down with the heap (a regular collection leaves it up).
    expect(after.rss).toBeLessThan(before.rss - 200); // measured: 363–401 MB → 69–70 MB
  }, 60_000);
});
