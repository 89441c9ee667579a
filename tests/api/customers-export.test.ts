// The customers CSV (issues 48 and 50, decision 081): streamed page by page, one export at a time per
// organisation, and cells that say what the list shows (anonymous devices only on request, a typed
// address with its state, phones keeping their leading 0, formulas neutralised).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/server/db/client';
import { customerRewards, customers } from '../../src/server/db/schema';
import { customersCsvStream } from '../../src/server/features/customers/customers-export';
import { EXPORT_RUNNING_MESSAGE, takeExportLease, type ExportLease } from '../../src/server/lib/limits/export-lease';
import type { TCustomersPage } from '../../src/shared/schemas/customers';
import { addMember, createSignedInOwner, createUser, signIn, uniqueEmail } from '../support/factories';
import { listen } from '../support/listen';
import type { TestAgent, TestContext } from '../support/test-app';
import { fail, waitUntil } from '../support/wait';
import { createDinerRestaurant, createDinerTestContext, createVisitor } from './diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const decoder = new TextDecoder();

/** The file's data lines (BOM and header line off), each split into cells. */
function csvRows(text: string): string[][] {
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines.at(-1)).toBe('');
  return lines.slice(1, -1).map((line) => line.split(';'));
}

async function download(agent: TestAgent, query = ''): Promise<string> {
  const response = await agent.get(`/api/customers/export.csv${query}`);
  expect(response.status).toBe(200);
  return decoder.decode(await response.arrayBuffer());
}

/** Every item of the list (20 a page), as the owner pages through it. */
async function wholeList(agent: TestAgent, query: string): Promise<TCustomersPage['items']> {
  const items: TCustomersPage['items'] = [];
  for (let page = 1; ; page += 1) {
    const response = await agent.get(`/api/customers?page=${page}${query}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as TCustomersPage;
    items.push(...body.items);
    if (body.items.length < body.pageSize) return items;
  }
}

/** The organisation's export lease, as the route takes it (null when it is taken). */
async function leaseIsFree(organisationId: string): Promise<boolean> {
  try {
    const lease = await takeExportLease(ctx.db, 'customers-csv', organisationId);
    await lease.release();
    return true;
  } catch {
    return false;
  }
}

describe('the CSV is streamed from the database in pages', () => {
  it('2,500 customers arrive in several chunks, each row once, even when many share their creation time to the microsecond', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    // Half of them created in the same microsecond: the keyset must break ties by id, never repeat or skip.
    await ctx.db.execute(sql`
      insert into customers (restaurant_id, first_name, email, created_at)
      select ${restaurant.id}, 'Client' || n, 'client' || n || '@example.fr',
             case when n % 2 = 0 then timestamptz '2026-03-01 10:00:00.123456+00' else timestamptz '2026-03-01 10:00:00+00' + (n || ' microseconds')::interval end
      from generate_series(1, 2500) as n`);
    const response = await agent.get('/api/customers/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    // The header, then one chunk per page (250 rows on PostgreSQL, 100 on PGlite): 3 pages at least for 2,500.
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    const text = decoder.decode(Buffer.concat(chunks));
    const rows = csvRows(text);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((row) => row[2])).size).toBe(2500);
  }, 120_000);

  it('gives exactly the rows the list shows, for its default view, the anonymous devices on request, a filter and a search', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    const restaurantId = restaurant.id;
    const [, , rewarded] = await ctx.db
      .insert(customers)
      .values([
        { restaurantId, firstName: 'Alice', email: 'alice@example.fr', marketingConsent: true },
        { restaurantId, firstName: 'Bruno', phone: '0712345678' },
        { restaurantId, anonId: crypto.randomUUID(), firstName: 'Récompensé', points: 7 },
        ...Array.from({ length: 45 }, (_, n) => ({ restaurantId, anonId: crypto.randomUUID(), points: n })),
        { restaurantId, firstName: 'Eve', email: 'eve@example.fr' },
      ])
      .returning();
    await ctx.db.insert(customerRewards).values({ restaurantId, customerId: rewarded.id, label: 'Café offert', cost: 50 });
    const key = (cells: { firstName: string; email: string; points: string }) => `${cells.firstName}|${cells.email}|${cells.points}`;
    const fromCsv = (text: string) => csvRows(text).map((row) => key({ firstName: row[0], email: row[2], points: row[5] })).sort();
    const fromList = (items: TCustomersPage['items']) => items.map((item) => key({ firstName: item.firstName ?? '', email: item.email ?? '', points: String(item.points) })).sort();
    for (const query of ['', '&scope=all', '&filter=email', '&q=bru', '&scope=all&filter=reward']) {
      const csv = fromCsv(await download(agent, query ? `?${query.slice(1)}` : ''));
      expect(csv, query).toEqual(fromList(await wholeList(agent, query)));
    }
    // The default leaves the 45 anonymous devices out; the switch's scope puts them in.
    expect(fromCsv(await download(agent))).toHaveLength(4);
    expect(fromCsv(await download(agent, '?scope=all'))).toHaveLength(49);
  });

  it('refuses an unknown scope or filter with the list’s own message', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const response = await agent.get('/api/customers/export.csv?scope=tout');
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('Affichage inconnu');
  });
});

describe('one export at a time per organisation', () => {
  async function ownerWithCustomers(count: number) {
    const owner = await createSignedInOwner(ctx);
    await ctx.db.execute(sql`
      insert into customers (restaurant_id, first_name, email)
      select ${owner.restaurant.id}, 'Client' || n, 'client' || n || '@example.fr' from generate_series(1, ${count}) as n`);
    return owner;
  }

  it('a second export while the first runs answers 409 in French; another organisation exports meanwhile; the first one’s end frees it', async () => {
    const first = await ownerWithCustomers(3000);
    const other = await ownerWithCustomers(10);
    const running = await first.agent.get('/api/customers/export.csv');
    expect(running.status).toBe(200);
    const reader = running.body!.getReader();
    await reader.read();

    const second = await first.agent.get('/api/customers/export.csv');
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe(EXPORT_RUNNING_MESSAGE);
    expect(EXPORT_RUNNING_MESSAGE).toBe('Un export est déjà en cours pour votre organisation. Réessayez dans quelques instants.');
    // Another member of the same organisation is refused too: the rule is the organisation's, not the user's.
    const colleague = await createUser(ctx, { email: uniqueEmail('gerant') });
    await addMember(ctx, { organisationId: first.restaurant.organisationId, userId: colleague.id, role: 'owner' });
    const colleagueAgent = await signIn(ctx, colleague.email);
    expect((await colleagueAgent.get('/api/customers/export.csv')).status).toBe(409);
    // Another organisation is not held up.
    expect(csvRows(await download(other.agent))).toHaveLength(10);

    // The first download read to its end frees the organisation: the honest owner's next export works.
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    expect(bytes).toBeGreaterThan(0);
    expect(csvRows(await download(first.agent))).toHaveLength(3000);
  }, 120_000);

  it('a download the client cancels frees the organisation (in-process)', async () => {
    const owner = await ownerWithCustomers(3000);
    const running = await owner.agent.get('/api/customers/export.csv');
    const reader = running.body!.getReader();
    await reader.read();
    expect((await owner.agent.get('/api/customers/export.csv')).status).toBe(409);
    await reader.cancel();
    expect(csvRows(await download(owner.agent))).toHaveLength(3000);
  }, 120_000);

  it('a browser that goes away mid-download (socket closed) frees the organisation', async () => {
    // Pages rest between them (decision 081): 5,000 rows are still on their way when the browser leaves.
    const owner = await ownerWithCustomers(5000);
    const { url, server } = await listen(ctx);
    try {
      const cookie = [...owner.agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const aborter = new AbortController();
      const response = await fetch(`${url}/api/customers/export.csv`, { headers: { cookie, origin: 'http://localhost:3000' }, signal: aborter.signal });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await reader.read();
      expect(await leaseIsFree(owner.restaurant.organisationId)).toBe(false);
      aborter.abort();
      await reader.read().catch(() => undefined);
      await waitUntil(() => leaseIsFree(owner.restaurant.organisationId), { timeoutMs: 10_000, onTimeout: fail(() => 'the lease stayed taken after the client went away') });
      // The owner's next export starts.
      const next = await owner.agent.get('/api/customers/export.csv');
      expect(next.status).toBe(200);
      await next.body!.cancel();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);

  it('an export that fails mid-way frees the organisation', async () => {
    const owner = await ownerWithCustomers(1);
    const lease = await takeExportLease(ctx.db, 'customers-csv', owner.restaurant.organisationId);
    let released = false;
    const watched: ExportLease = { renew: () => lease.renew(), release: async () => ((released = true), lease.release()) };
    // A database that answers the first statement and then goes away.
    let calls = 0;
    const failing = {
      execute: (query: Parameters<Db['execute']>[0]) => (calls++ === 0 ? ctx.db.execute(query) : Promise.reject(new Error('connexion perdue'))),
      select: () => {
        throw new Error('connexion perdue');
      },
    } as unknown as Db;
    const errors: unknown[] = [];
    const stream = customersCsvStream(failing, owner.restaurant.id, { q: '', scope: 'known' }, { lease: watched, pageSize: 1000, restPerPage: 0, onError: (error) => errors.push(error) });
    await expect(new Response(stream).text()).rejects.toThrow();
    expect(released).toBe(true);
    expect(errors).toHaveLength(1);
    expect(await leaseIsFree(owner.restaurant.organisationId)).toBe(true);
  });
});

describe('the CSV cells', () => {
  /**
   * How Excel and LibreOffice decide that a cell they read from a CSV is a number: an optional sign, then
   * digits, with a thousands separator (space, no-break space, '.' or ',') only before a group of exactly
   * three digits, and an optional decimal part (LibreOffice's ImpSvNumberInputScan::GetThousandSep reads
   * exactly three digits after the separator; Excel the same). A cell read as a number loses its leading 0.
   */
  const readAsNumber = (cell: string) => /^[+-]?\d{1,3}(?:[ \u00a0\u202f.,]\d{3})*(?:[.,]\d+)?$|^[+-]?\d+(?:[.,]\d+)?$/.test(cell);

  it('a phone typed 0712345678 keeps its leading 0 in both spreadsheets: written in pairs, read as text', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    await ctx.db.insert(customers).values([
      { restaurantId: restaurant.id, firstName: 'Zoé', phone: '0712345678', createdAt: new Date('2026-03-01T10:00:00Z') },
      { restaurantId: restaurant.id, firstName: 'Yann', phone: '061234567', createdAt: new Date('2026-03-02T10:00:00Z') },
      { restaurantId: restaurant.id, firstName: 'Xavier', phone: '+33612345678', createdAt: new Date('2026-03-03T10:00:00Z') },
      { restaurantId: restaurant.id, firstName: 'Wanda', phone: '07 12 34 56 78', createdAt: new Date('2026-03-04T10:00:00Z') },
      { restaurantId: restaurant.id, firstName: '=1+1', phone: '=0712345678', createdAt: new Date('2026-03-05T10:00:00Z') },
    ]);
    const rows = csvRows(await download(agent));
    const phones = rows.map((row) => row[4]);
    expect(phones).toEqual(['07 12 34 56 78', '06 12 34 56 7', '\t+33612345678', '07 12 34 56 78', "'=0712345678"]);
    // The model of the two spreadsheets' number reading: what was written today is never a number…
    for (const phone of phones) expect(readAsNumber(phone), JSON.stringify(phone)).toBe(false);
    // …while the digits as they were typed are (so the cell would have lost its 0).
    expect(readAsNumber('0712345678')).toBe(true);
    expect(readAsNumber('1 234')).toBe(true);
    // Formulas stay neutralised: nothing starts with = + - @.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
    expect(rows[4][0]).toBe("'=1+1");
  });

  it('a diner who typed an address not confirmed yet appears with it, marked « non » under « Email confirmé »', async () => {
    const owner = await createUser(ctx, { email: uniqueEmail('owner') });
    const { restaurant } = await createDinerRestaurant(ctx, { contactEmail: owner.email });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: owner.id, role: 'owner' });
    const agent = await signIn(ctx, owner.email);
    const typed = uniqueEmail('pas-encore');
    const visitor = createVisitor(ctx);
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 1, firstName: 'Nadia', email: typed, comment: 'Froid' })).status).toBe(200);
    // A diner who gave nothing stays out of the default file.
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 4 })).status).toBe(200);
    await ctx.db.insert(customers).values({ restaurantId: restaurant.id, firstName: 'Olga', email: 'olga@example.fr' });
    const [row] = await queryRows<{ email: string | null }>(ctx.db, sql`select email from customers where restaurant_id = ${restaurant.id} and first_name is distinct from 'Olga' and email is null limit 1`);
    expect(row.email).toBeNull();
    const rows = csvRows(await download(agent));
    expect(rows.map((cells) => [cells[2], cells[3]]).sort()).toEqual([
      ['olga@example.fr', 'oui'],
      [typed, 'non'],
    ].sort());
    expect(csvRows(await download(agent, '?scope=all'))).toHaveLength(3);
  });
});
