// The bench's ceilings: the same Hono and Node, with nothing of ReFeed. Run in its own process.
//   hello    GET / answers 'hello'
//   select1  GET / runs `select 1` through the product's driver (pg pool on DATABASE_URL, else PGlite)
//   file     GET / answers the built diner.html, read once
//   <mode>-headers  the same, with the product's security headers and request id (lib/security-headers)
//            set on Node's response as the app sets them: what those ~1 KB of headers cost alone
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { stampProductHeaders } from './product-headers';

const [requested, port] = [process.argv[2], Number(process.argv[3])];
const mode = requested.replace(/-headers$/, '');
const app = new Hono<{ Bindings: { outgoing: ServerResponse } }>();
if (requested.endsWith('-headers')) stampProductHeaders(app);
if (mode === 'hello') app.get('/', (c) => c.text('hello'));
if (mode === 'file') {
  const html = readFileSync(path.resolve(import.meta.dirname, '../../dist/client/diner.html'), 'utf8');
  app.get('/', (c) => c.html(html));
}
if (mode === 'select1') {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    app.get('/', async (c) => c.json({ ok: (await pool.query('select 1 as one')).rows[0].one === 1 }));
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create('memory://');
    app.get('/', async (c) => c.json({ ok: (await pglite.query<{ one: number }>('select 1 as one')).rows[0].one === 1 }));
  }
}
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log('ready'));
