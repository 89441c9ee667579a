import { sql } from 'drizzle-orm';
import type { TestContext } from './test-app';

/** The admin directory's 10,000 organisations (tests/api/admin-directory.test.ts, tests/perf/admin-directory.test.ts). */
export async function seedDirectory(ctx: TestContext): Promise<void> {
  // 10,000 organisations in one multi-row insert: a quarter of each status (the platform's approval is the
  // organisation's, decision 055), distinct names and SIRENs, each with one venue whose id is derived from n.
  await ctx.db.execute(sql`
    insert into organisations (id, name, siren, status, created_at)
    select md5('org' || n)::uuid, 'Restaurant ' || n, lpad(n::text, 9, '0'), (array['pending', 'approved', 'rejected', 'suspended'])[1 + n % 4],
           timestamptz '2025-01-01 00:00:00+00' + n * interval '1 minute'
    from generate_series(1, 10000) as n`);
  await ctx.db.execute(sql`
    insert into restaurants (organisation_id, name, contact_email, legal_name, siret, email_verified, created_at)
    select md5('org' || n)::uuid, 'Restaurant ' || n, 'contact' || n || '@resto.fr', 'SAS Resto ' || n, lpad(n::text, 9, '0'), true,
           timestamptz '2025-01-01 00:00:00+00' + n * interval '1 minute'
    from generate_series(1, 10000) as n`);
}
