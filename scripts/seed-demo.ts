// npm run seed:demo — an approved demo restaurant "Chez Demo" with its owner account, a main QR and
// three table QRs, ~40 customers, ~200 feedbacks over 60 days, point events and rewards.
// Safe to run twice: a second run only prints the credentials. Stop a running PGlite server first.
import { startDependencies } from '../src/server/bootstrap';
import { parseEnv } from '../src/server/env';
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, seedDemoRestaurant } from '../src/server/features/demo/seed-demo.service';
import { createLogger } from '../src/server/lib/logger';
import { withServerUrl } from '../src/server/lib/server-url';

// The address printed is the running server's (PUBLIC_URL, PORT, or what the last `npm start` on this data folder noted).
const env = withServerUrl(parseEnv(), process.env);
const { deps, stop } = await startDependencies(env, createLogger('warn'), { workers: false });
try {
  const { created } = await seedDemoRestaurant(deps);
  console.log(created ? 'Created the demo restaurant "Chez Demo" (4 QR codes, 40 customers, 200 feedbacks over 60 days).' : 'The demo restaurant already exists.');
  console.log(`\nSign in at ${env.PUBLIC_URL}/login with:\n  email:    ${DEMO_OWNER_EMAIL}\n  password: ${DEMO_OWNER_PASSWORD}\n`);
} finally {
  await stop();
}
