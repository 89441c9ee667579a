// pgbench runs of the submission's replay (written by scripts/bench/same-sql.ts, timed by scripts/bench.ts).
import { execFileSync } from 'node:child_process';

/** A pgbench script and its -D variables (the constants of the prepared form). */
export type PgbenchScript = { script: string; defines: string[] };
export type PgbenchProtocol = 'simple' | 'prepared';

function run(databaseUrl: string, { script, defines }: PgbenchScript, protocol: PgbenchProtocol, clients: number, limit: string[]): string {
  const args = ['-n', '-f', script, ...defines.flatMap((define) => ['-D', define]), '-c', String(clients), '-j', String(Math.min(clients, 2)), ...limit, '-M', protocol, databaseUrl];
  return execFileSync('pgbench', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 * 1024 * 1024 });
}

/** Runs the script `seconds` long at `clients` connections: its transactions (submissions) per second. */
export function pgbenchRate(databaseUrl: string, script: PgbenchScript, protocol: PgbenchProtocol, clients: number, seconds: number): number {
  const output = run(databaseUrl, script, protocol, clients, ['-T', String(seconds)]);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
  if (!tps || failed > 0) throw new Error(`pgbench -M ${protocol} at ${clients} clients: no rate or failed transactions:\n${output}`);
  return Number(tps[1]);
}

/** Runs the script three times on one connection and throws unless all three ran (a failing statement would make a fast ceiling). */
export function checkPgbench(databaseUrl: string, script: PgbenchScript, protocol: PgbenchProtocol): void {
  const output = run(databaseUrl, script, protocol, 1, ['-t', '3']);
  if (!/number of transactions actually processed: 3\/3/.test(output) || /number of failed transactions: [1-9]/.test(output)) {
    throw new Error(`pgbench -M ${protocol} does not replay the submission cleanly:\n${output}`);
  }
}
