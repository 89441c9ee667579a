// npm run billing:sync
// Creates or updates the Stripe products and prices of the plan table (src/shared/rules/plans.ts): one
// product per plan, one price per plan × monthly/annual × EUR/GBP found by its lookup key (decision 092).
// Run it twice: the second run creates nothing. Needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
import { parseEnv } from '../src/server/env';
import { createStripe } from '../src/server/features/billing/stripe-client';
import { syncStripeCatalogue } from '../src/server/features/billing/billing.service';

const stripe = createStripe(parseEnv());
if (!stripe) {
  console.error('billing:sync needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  process.exit(2);
}
const result = await syncStripeCatalogue(stripe);
console.log(`Stripe catalogue: ${result.productsCreated} product(s) created, ${result.pricesCreated} price(s) created, ${result.pricesKept} price(s) already there.`);
