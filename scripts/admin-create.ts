// npm run admin:create -- <email>
// Makes an existing user a platform administrator, or creates the account and prints a one-time
// link to choose its password; run again for an account whose password was never chosen, it prints a new
// link and revokes the earlier ones. Stop a running PGlite server first (it holds the data folder).
import { z } from 'zod';
import { startDependencies } from '../src/server/bootstrap';
import { parseEnv } from '../src/server/env';
import { createFirstAdmin } from '../src/server/features/admin/admin-bootstrap.service';
import { createLogger } from '../src/server/lib/runtime/logger';
import { withServerUrl } from '../src/server/lib/http/server-url';

const email = z.email().safeParse(process.argv[2]?.trim());
if (!email.success) {
  console.error('Usage: npm run admin:create -- <email>');
  process.exit(2);
}

// The address printed is the running server's (PUBLIC_URL, PORT, or what the last `npm start` on this data folder noted).
const env = withServerUrl(parseEnv(), process.env);
const { deps, stop } = await startDependencies(env, createLogger('warn'), { workers: false });
try {
  const result = await createFirstAdmin(deps, email.data);
  if (result.created) {
    console.log(`Created the administrator ${email.data}.`);
    console.log(`Open this one-time link (valid 1 hour) to choose the password:\n\n  ${result.setPasswordUrl}\n`);
  } else if (result.renewed) {
    console.log(`${email.data} is a platform administrator who has not chosen a password yet: the earlier links no longer work.`);
    console.log(`Open this new one-time link (valid 1 hour) to choose the password:\n\n  ${result.setPasswordUrl}\n`);
  } else {
    console.log(`${email.data} is now a platform administrator. Sign in at ${env.PUBLIC_URL}/login`);
  }
} finally {
  await stop();
}
