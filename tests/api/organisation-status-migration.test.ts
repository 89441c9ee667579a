import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, queryRows, type Database } from '../../src/server/db/client';
import { migrateUpTo, openEmptyTestDatabase } from '../support/database';

/**
 * Migrations 0024–0026 (decision 055): the platform's approval moves from each venue to its organisation.
 * A database deployed at 0021 (one organisation per restaurant, a decision of each kind, audit rows) is
 * migrated as a deploy would, on the run's database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let database: Database;
beforeAll(async () => {
  database = await openEmptyTestDatabase();
  await migrateUpTo(database, '0021_organisations_single_source');
});
afterAll(async () => {
  await database.close();
});

const rows = <T>(query: SQL) => queryRows<T>(database.db, query);

const O = {
  approved: '20000000-0000-4000-8000-000000000001',
  pending: '20000000-0000-4000-8000-000000000002',
  rejected: '20000000-0000-4000-8000-000000000003',
  suspended: '20000000-0000-4000-8000-000000000004',
  empty: '20000000-0000-4000-8000-000000000005',
};

async function seedAt0021() {
  await database.db.execute(sql`insert into users (id, name, email, email_verified) values ('u-admin', 'Admin', 'admin@example.fr', true)`);
  await database.db.execute(sql`insert into organisations (id, name, siren, created_at) values
    (${O.approved}, 'Le Validé', '552100554', '2025-01-01T10:00:00Z'),
    (${O.pending}, 'L’Attente', null, '2025-02-01T10:00:00Z'),
    (${O.rejected}, 'Le Refusé', null, '2025-03-01T10:00:00Z'),
    (${O.suspended}, 'Le Suspendu', '732829320', '2025-04-01T10:00:00Z'),
    (${O.empty}, 'Sans établissement', null, '2025-05-01T10:00:00Z')`);
  await database.db.execute(sql`insert into restaurants (id, organisation_id, name, contact_email, status, email_verified, notes,
      approved_at, approved_by, rejected_at, rejected_by, rejection_reason, suspended_at, suspended_by, suspension_reason) values
    (${O.approved}, ${O.approved}, 'Le Validé', 'a@example.fr', 'approved', true, 'Dossier complet', '2025-01-02T10:00:00Z', 'u-admin', null, null, null, null, null, null),
    (${O.pending}, ${O.pending}, 'L’Attente', 'b@example.fr', 'pending', false, null, null, null, null, null, null, null, null, null),
    (${O.rejected}, ${O.rejected}, 'Le Refusé', 'c@example.fr', 'rejected', true, null, null, null, '2025-03-02T10:00:00Z', 'u-admin', 'SIREN inconnu', null, null, null),
    (${O.suspended}, ${O.suspended}, 'Le Suspendu', 'd@example.fr', 'suspended', true, null, '2025-04-02T10:00:00Z', 'u-admin', null, null, null, '2025-04-03T10:00:00Z', 'u-admin', 'Impayés répétés')`);
  await database.db.execute(sql`insert into admin_audit_log (admin_user_id, action, restaurant_id, reason, created_at) values
    ('u-admin', 'approve', ${O.suspended}, null, '2025-04-02T10:00:00Z'),
    ('u-admin', 'suspend', ${O.suspended}, 'Impayés répétés', '2025-04-03T10:00:00Z'),
    ('u-admin', 'reject', ${O.rejected}, 'SIREN inconnu', '2025-03-02T10:00:00Z')`);
}

const at = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as ${column}`);

describe('migrations 0024–0026: the approval moves to the organisation', () => {
  it('gives each organisation its venue’s state, reasons, deciders, dates and notes, and leaves every venue open for itself', async () => {
    await seedAt0021();
    await migrateDatabase(database);

    const organisations = await rows(
      sql`select id, status, notes, approved_by, ${at('approved_at')}, rejected_by, ${at('rejected_at')}, rejection_reason,
                 suspended_by, ${at('suspended_at')}, suspension_reason
          from organisations order by created_at`,
    );
    const none = { notes: null, approved_by: null, approved_at: null, rejected_by: null, rejected_at: null, rejection_reason: null, suspended_by: null, suspended_at: null, suspension_reason: null };
    expect(organisations).toEqual([
      { ...none, id: O.approved, status: 'approved', notes: 'Dossier complet', approved_by: 'u-admin', approved_at: '2025-01-02T10:00:00' },
      { ...none, id: O.pending, status: 'pending' },
      { ...none, id: O.rejected, status: 'rejected', rejected_by: 'u-admin', rejected_at: '2025-03-02T10:00:00', rejection_reason: 'SIREN inconnu' },
      {
        ...none,
        id: O.suspended,
        status: 'suspended',
        approved_by: 'u-admin',
        approved_at: '2025-04-02T10:00:00',
        suspended_by: 'u-admin',
        suspended_at: '2025-04-03T10:00:00',
        suspension_reason: 'Impayés répétés',
      },
      // An organisation without a venue has no state to take: it waits for the platform team.
      { ...none, id: O.empty, status: 'pending' },
    ]);

    // A suspended account stays suspended at the organisation's level; no venue is suspended for itself.
    expect(await rows(sql`select id, status, suspended_at, suspended_by, suspension_reason from restaurants order by created_at, id`)).toEqual(
      [O.approved, O.pending, O.rejected, O.suspended].map((id) => ({ id, status: 'approved', suspended_at: null, suspended_by: null, suspension_reason: null })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    // The columns that moved are gone from the venue.
    const columns = await rows<{ column_name: string }>(sql`select column_name from information_schema.columns where table_name = 'restaurants' and table_schema = current_schema()`);
    for (const moved of ['notes', 'approved_at', 'approved_by', 'rejected_at', 'rejected_by', 'rejection_reason']) expect(columns.map((c) => c.column_name)).not.toContain(moved);

    // The decisions written so far were the account's: they now name the organisation, not a venue.
    expect(await rows(sql`select action, organisation_id, restaurant_id, reason from admin_audit_log order by created_at`)).toEqual([
      { action: 'reject', organisation_id: O.rejected, restaurant_id: null, reason: 'SIREN inconnu' },
      { action: 'approve', organisation_id: O.suspended, restaurant_id: null, reason: null },
      { action: 'suspend', organisation_id: O.suspended, restaurant_id: null, reason: 'Impayés répétés' },
    ]);
  });

  it('then holds a venue to approved or suspended, an organisation to the four states, and an audit row to its organisation', async () => {
    await expect(database.db.execute(sql`update restaurants set status = 'pending' where id = ${O.approved}`)).rejects.toThrow();
    await expect(database.db.execute(sql`update organisations set status = 'archived' where id = ${O.approved}`)).rejects.toThrow();
    await expect(database.db.execute(sql`insert into admin_audit_log (action, restaurant_id) values ('suspend', ${O.approved})`)).rejects.toThrow();
    // A new organisation waits for approval; a venue added to it is not suspended itself.
    await database.db.execute(sql`insert into organisations (id, name) values ('20000000-0000-4000-8000-000000000009', 'Nouvelle')`);
    await database.db.execute(sql`insert into restaurants (organisation_id, name, contact_email) values ('20000000-0000-4000-8000-000000000009', 'Nouveau', 'n@example.fr')`);
    expect(await rows(sql`select o.status as organisation, r.status as venue from organisations o join restaurants r on r.organisation_id = o.id where o.name = 'Nouvelle'`)).toEqual([
      { organisation: 'pending', venue: 'approved' },
    ]);
  });
});
