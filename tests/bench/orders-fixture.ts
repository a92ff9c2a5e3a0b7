// Orders for the back office bench: <count> orders with two lines each, inserted with set-based
// SQL (INSERT … SELECT over generate_series) into a fresh database, plus a shop manager's session.
//
//   tsx tests/bench/orders-fixture.ts <data dir | postgres://…/db> <count> [<days>]
// Orders come one a minute, newest now; with <days> they spread evenly over that many days.
// A data dir is replaced by an embedded database under <data dir>/pgdata; a PostgreSQL URL
// names a database that is dropped and created anew on that server. Prints the session cookie
// as the last line (`cookie sid=…`).
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '#app/lib/db.server.ts';
import { signedInCustomer } from '../support/customers.ts';

const [target, countArg, daysArg] = process.argv.slice(2);
const count = Number(countArg);
const stepSeconds = daysArg ? (Number(daysArg) * 86_400) / count : 60;
if (!target || !Number.isInteger(count) || count < 1)
  throw new Error('usage: tsx tests/bench/orders-fixture.ts <data dir | postgres url> <count>');

async function freshPostgres(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

const started = Date.now();
let handle;
if (target.startsWith('postgres')) {
  await freshPostgres(target);
  handle = await openDatabase({ kind: 'postgres', url: target });
} else {
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  handle = await openDatabase({ kind: 'pglite', dataDir: path.join(target, 'pgdata') });
}
await migrateDatabase(handle);
const db = handle.db;
// Newest first by minute; statuses, methods and countries spread like a real shop's.
await db.execute(sql`
  insert into orders (order_key, status, billing_address, shipping_address, payment_method,
    payment_method_title, currency, items_total, items_tax, shipping_total, shipping_tax, total,
    total_tax, shipping_lines, consent, created_at, updated_at)
  select 'wc_order_bench' || g,
    (array['processing','completed','completed','completed','on-hold','pending','cancelled','refunded','failed'])[1 + g % 9],
    a.address, a.address,
    (array['bacs','stripe','paypal','cod','invoice'])[1 + g % 5],
    (array['Vorkasse','Kreditkarte','PayPal','Nachnahme','Rechnung'])[1 + g % 5],
    'EUR', 2380, 380, 495, 79, 2875, 459,
    jsonb_build_array(jsonb_build_object('packageId', 0, 'rateId', 'r', 'total', 495, 'tax', 79,
      'taxes', '[]'::jsonb,
      'methodId', (array['flat_rate','free_shipping','local_pickup'])[1 + g % 3],
      'name', (array['DHL','Versandkostenfrei','Abholung'])[1 + g % 3])),
    '{"terms":true,"digital":null,"at":"2026-01-01T00:00:00Z"}'::jsonb,
    now() - make_interval(secs => g * ${stepSeconds}::float8),
    now() - make_interval(secs => g * ${stepSeconds}::float8)
  from generate_series(1, ${count}) g
  cross join lateral (select jsonb_build_object(
    'first_name', (array['Erika','Max','Anna','Jonas','Lena'])[1 + g % 5],
    'last_name', 'Kunde' || (g % 7919),
    'company', case when g % 10 = 0 then 'Firma ' || (g % 997) || ' GmbH' else '' end,
    'email', 'kunde' || g || '@example.org',
    'country', (array['DE','DE','DE','AT','CH','NL','FR'])[1 + g % 7],
    'address_1', 'Hauptstraße ' || (g % 200), 'address_2', '', 'city', 'Leipzig', 'state', '',
    'postcode', '04109', 'phone', '') as address) a`);
await db.execute(sql`
  insert into order_items (order_id, product_id, name, sku, quantity, unit_price, subtotal, total, tax, tax_rate)
  select o.id, 1 + l, 'Artikel ' || l, 'SKU-' || lpad(((o.id * 7 + l) % 5000)::text, 5, '0'),
         1, 1190, 1190, 1190, 190, 19
    from orders o cross join generate_series(0, 1) l`);
await db.execute(sql`analyze`);
const manager = await signedInCustomer(db, { role: 'shop_manager' });
console.log(`${count} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await handle.close();
console.log(`cookie ${manager.cookie}`);
