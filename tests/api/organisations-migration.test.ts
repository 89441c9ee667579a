import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/server/db/client';
import { migrateUpTo, openEmptyTestDatabase } from '../support/database';

/**
 * Migrations 0019–0021 (decision 051) on a database as deployed before them (migrated up to 0018 and
 * seeded the old way: restaurants, users_restaurants links), then migrated as a deploy would. Runs on the
 * run's database (PGlite, or PostgreSQL with TEST_DATABASE_URL), on a database of its own.
 */
let database: Database;
beforeAll(async () => {
  database = await openEmptyTestDatabase();
  await migrateUpTo(database, '0018_reward_codes');
});
afterAll(async () => {
  await database.close();
});

const rows = <T>(query: SQL) => queryRows<T>(database.db, query);

const R = {
  siret14: '10000000-0000-4000-8000-000000000001',
  spaced: '10000000-0000-4000-8000-000000000002',
  shared: '10000000-0000-4000-8000-000000000003',
  noSiret: '10000000-0000-4000-8000-000000000004',
  short: '10000000-0000-4000-8000-000000000005',
};

/** Seeds rows as the app wrote them before organisations: restaurants, their links, a customer, loyalty rules. */
async function seedTheOldWay() {
  await database.db.execute(sql`insert into users (id, name, email, email_verified) values
    ('u-two', 'Deux Restos', 'deux@example.fr', true),
    ('u-owner', 'Camille Patron', 'camille@example.fr', true),
    ('u-manager', 'Gérard Gérant', 'gerard@example.fr', true),
    ('u-none', 'Sans Resto', 'sans@example.fr', false)`);
  await database.db.execute(sql`insert into restaurants (id, name, contact_email, siret, status, email_verified, created_at, approved_at, rejection_reason) values
    (${R.siret14}, 'Le Quatorze', 'a@example.fr', '55210055400013', 'approved', true, '2025-01-01T10:00:00Z', '2025-01-02T10:00:00Z', null),
    (${R.spaced}, 'L’Espacé', 'b@example.fr', '552 100 554', 'approved', true, '2025-02-01T10:00:00Z', null, null),
    (${R.shared}, 'Chez Deux', 'c@example.fr', '732829320', 'suspended', true, '2025-03-01T10:00:00Z', null, null),
    (${R.noSiret}, 'Sans Siret', 'd@example.fr', null, 'pending', false, '2025-04-01T10:00:00Z', null, null),
    (${R.short}, 'Le Court', 'e@example.fr', '1234', 'rejected', true, '2025-05-01T10:00:00Z', null, 'Incomplet')`);
  // One user on two restaurants (the old key, user and restaurant, allowed it), one restaurant with two
  // users (a 'manager' link, a role the old schema had and nothing wrote), one restaurant with no one.
  await database.db.execute(sql`insert into users_restaurants (user_id, restaurant_id, role, created_at) values
    ('u-two', ${R.spaced}, 'owner', '2025-02-01T10:00:01Z'),
    ('u-two', ${R.siret14}, 'owner', '2025-06-01T10:00:00Z'),
    ('u-owner', ${R.shared}, 'owner', '2025-03-01T10:00:01Z'),
    ('u-manager', ${R.shared}, 'manager', '2025-07-01T10:00:00Z'),
    ('u-owner', ${R.noSiret}, 'owner', '2025-04-01T10:00:01Z')`);
  for (const id of Object.values(R)) await database.db.execute(sql`insert into loyalty_rules (restaurant_id) values (${id})`);
  await database.db.execute(sql`insert into customers (restaurant_id, email, first_name, points) values (${R.shared}, 'client@example.fr', 'Alice', 40)`);
}

/** Every row of the tables the migration must leave as they were (restaurants without their new column). */
async function untouched() {
  return {
    restaurants: await rows(sql`select * from restaurants order by id`).then((list) =>
      list.map((row) => Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([key]) => key !== 'organisation_id'))),
    ),
    users: await rows(sql`select * from users order by id`),
    loyalty: await rows(sql`select * from loyalty_rules order by restaurant_id`),
    customers: await rows(sql`select * from customers order by id`),
  };
}

describe('migrations 0019–0021: one organisation per restaurant', () => {
  it('gives each restaurant an organisation with its id, name, date and SIREN, makes each link a member, and changes nothing else', async () => {
    await seedTheOldWay();
    const before = await untouched();

    // Up to 0021: the later move of the approval to the organisation (0022–0024, decision 055) has its own test.
    await migrateUpTo(database, '0021_organisations_single_source');

    const organisations = await rows<{ id: string; name: string; siren: string | null; created_at: string }>(
      sql`select id, name, siren, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as created_at from organisations order by created_at`,
    );
    expect(organisations).toEqual([
      // A 14-digit SIRET gives its first 9 digits; spaces are not digits; fewer than 9 digits, or none, give no SIREN.
      { id: R.siret14, name: 'Le Quatorze', siren: '552100554', created_at: '2025-01-01T10:00:00' },
      { id: R.spaced, name: 'L’Espacé', siren: '552100554', created_at: '2025-02-01T10:00:00' },
      { id: R.shared, name: 'Chez Deux', siren: '732829320', created_at: '2025-03-01T10:00:00' },
      { id: R.noSiret, name: 'Sans Siret', siren: null, created_at: '2025-04-01T10:00:00' },
      { id: R.short, name: 'Le Court', siren: null, created_at: '2025-05-01T10:00:00' },
    ]);
    expect(await rows(sql`select id from restaurants where organisation_id is distinct from id`)).toEqual([]);

    const members = await rows<{ organisation_id: string; user_id: string; role: string; all_venues: boolean; created_at: string }>(
      sql`select organisation_id, user_id, role, all_venues, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as created_at
          from organisation_members order by created_at`,
    );
    expect(members).toEqual([
      { organisation_id: R.spaced, user_id: 'u-two', role: 'owner', all_venues: true, created_at: '2025-02-01T10:00:01' },
      { organisation_id: R.shared, user_id: 'u-owner', role: 'owner', all_venues: true, created_at: '2025-03-01T10:00:01' },
      { organisation_id: R.noSiret, user_id: 'u-owner', role: 'owner', all_venues: true, created_at: '2025-04-01T10:00:01' },
      { organisation_id: R.siret14, user_id: 'u-two', role: 'owner', all_venues: true, created_at: '2025-06-01T10:00:00' },
      // The link's role is kept: every link the app made was 'owner'; a 'manager' one is not raised to owner.
      { organisation_id: R.shared, user_id: 'u-manager', role: 'manager', all_venues: true, created_at: '2025-07-01T10:00:00' },
    ]);
    expect(await rows(sql`select * from member_venues`)).toEqual([]);

    // One source of truth: the links are gone.
    expect(await rows(sql`select to_regclass('public.users_restaurants') as found`)).toEqual([{ found: null }]);
    expect(await untouched()).toEqual(before);
  });

  it('then holds every restaurant to an organisation, and cascades an organisation’s removal to its venues and members', async () => {
    await expect(database.db.execute(sql`insert into restaurants (name, contact_email) values ('Orpheline', 'o@example.fr')`)).rejects.toThrow();
    await expect(database.db.execute(sql`insert into organisation_members (organisation_id, user_id, role) values (${R.short}, 'u-none', 'admin')`)).rejects.toThrow();
    await database.db.execute(sql`delete from organisations where id = ${R.shared}`);
    expect(await rows(sql`select id from restaurants where id = ${R.shared}`)).toEqual([]);
    expect(await rows(sql`select user_id from organisation_members where organisation_id = ${R.shared}`)).toEqual([]);
    expect(await rows(sql`select id from customers where restaurant_id = ${R.shared}`)).toEqual([]);
  });
});
