// Node CPU per dashboard call (issue 34: ≤ 2 ms), measured in this process with process.cpuUsage around
// N calls of the service, one after another (the database's own time is not Node's CPU).
//
//   DATABASE_URL=postgres://… node --import tsx scripts/bench/dashboard-cpu.ts [CALLS] [ROUNDS]
//   PGLITE_DIR=DIR node --import tsx scripts/bench/dashboard-cpu.ts [CALLS] [ROUNDS]   (an embedded database no process holds)
//
// On the first restaurant of the database (the demo restaurant, or the bench's kept --scale database).
// Prints, per round, the CPU (user + system) per call and the wall time per call; then the median round.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { getDashboard } from '../../src/server/features/dashboard/dashboard.service';

const calls = Number(process.argv[2] ?? 500);
const rounds = Number(process.argv[3] ?? 5);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: process.env.PGLITE_DIR });
const [{ id: restaurantId }] = await queryRows<{ id: string }>(database.db, sql`select id from restaurants order by created_at limit 1`);
const tenant = { restaurantId, role: 'owner' };
for (let i = 0; i < 50; i++) await getDashboard(database.db, tenant); // warm-up: JIT, connections, plans
const perRound: Array<{ cpuMs: number; wallMs: number }> = [];
for (let round = 0; round < rounds; round++) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await getDashboard(database.db, tenant);
  const used = process.cpuUsage(cpu);
  perRound.push({ cpuMs: (used.user + used.system) / 1000 / calls, wallMs: (performance.now() - started) / calls });
  console.log(`round ${round + 1}: ${perRound.at(-1)!.cpuMs.toFixed(3)} ms Node CPU per call, ${perRound.at(-1)!.wallMs.toFixed(3)} ms wall per call`);
}
const median = [...perRound].sort((a, b) => a.cpuMs - b.cpuMs)[Math.floor(rounds / 2)];
console.log(`dashboard (${database.kind}): median ${median.cpuMs.toFixed(3)} ms Node CPU per call, ${median.wallMs.toFixed(3)} ms wall, ${calls} calls × ${rounds} rounds`);
await database.close();
