// npm run seed:demo — the demo organisation "Chez Demo SARL": two approved venues ("Chez Demo" and
// "Chez Demo Bastille") with QR codes, customers, feedbacks, point events and rewards, and its team (owner,
// gérant, équipe). Safe to run twice: a second run only prints the venues and the logins. Stop a running PGlite server first.
import { startDependencies } from '../src/server/bootstrap';
import { parseEnv } from '../src/server/env';
import { demoSeedSummary, seedDemoRestaurant } from '../src/server/features/demo/seed-demo.service';
import { createLogger } from '../src/server/lib/runtime/logger';
import { withServerUrl } from '../src/server/lib/http/server-url';

// The address printed is the running server's (PUBLIC_URL, PORT, or what the last `npm start` on this data folder noted).
const env = withServerUrl(parseEnv(), process.env);
const { deps, stop } = await startDependencies(env, createLogger('warn'), { workers: false });
try {
  const { created } = await seedDemoRestaurant(deps);
  console.log(demoSeedSummary(created, env.PUBLIC_URL));
} finally {
  await stop();
}
