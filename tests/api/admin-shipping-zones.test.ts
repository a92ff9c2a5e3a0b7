// The shipping settings (/admin/settings/shipping) through their no-JS forms: zones created,
// edited, reordered and deleted with audit entries, hostile input refused, the cart's rates following.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import {
  shippingMethods,
  shippingZoneLocations,
  shippingZones,
} from '#app/domain/shipping/shipping.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let product: number;
const http = customerRequests(() => shop.url);
const PATH = '/admin/settings/shipping';

beforeAll(async () => {
  shop = await startTestShop();
  await seedDemoShipping(shop.database.db);
  product = (await createProduct(shop.database.db, { name: { de: 'Tasse' }, regularPrice: 1500 }))
    .product.id;
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);
const body = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

async function manager() {
  return signedInCustomer(db(), { role: 'shop_manager' });
}

/** Creates a zone for one country with one flat rate through the form; answers its id. */
async function createZone(who: SignedIn, country: string, name: string) {
  const res = await http.post(
    who,
    `${PATH}/new`,
    body([
      ['security', nonceOf(who)],
      ['intent', 'save'],
      ['name_de', name],
      ['name_en', `${name} EN`],
      ['countries', country],
      ['states', ''],
      ['postcodes', ''],
      ['add_method', 'flat_rate'],
    ]),
  );
  expect(res.status, await res.clone().text()).toBe(302);
  const id = Number(
    /\/admin\/settings\/shipping\/(\d+)\?done=created/.exec(res.headers.get('location')!)![1],
  );
  expect(id).toBeGreaterThan(0);
  return id;
}

/** The zone page's form as it would be sent back, with `changes` over it. */
async function zoneForm(who: SignedIn, id: number, changes: [string, string][] = []) {
  const page = await (await http.get(who, `${PATH}/${id}`)).text();
  const version = /name="version" value="([^"]+)"/.exec(page)![1]!;
  const methods = await db()
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.zoneId, id))
    .orderBy(shippingMethods.position, shippingMethods.id);
  const [zone] = await db().select().from(shippingZones).where(eq(shippingZones.id, id));
  const locations = await db()
    .select()
    .from(shippingZoneLocations)
    .where(eq(shippingZoneLocations.zoneId, id));
  const pairs: [string, string][] = [
    ['security', nonceOf(who)],
    ['intent', 'save'],
    ['version', version],
    ['name_de', zone!.name.de],
    ['name_en', zone!.name.en ?? ''],
    ...locations
      .filter((l) => l.type === 'country')
      .map((l): [string, string] => ['countries', l.code]),
    ['states', ''],
    ['postcodes', ''],
    ['add_method', ''],
  ];
  methods.forEach((m, i) => {
    const s = m.settings as { cost?: number };
    pairs.push(
      [`method-${i}-id`, String(m.id)],
      [`method-${i}-enabled`, m.enabled ? 'yes' : ''],
      [`method-${i}-title_de`, m.title.de],
      [`method-${i}-title_en`, m.title.en ?? ''],
      [`method-${i}-cost`, String((s.cost ?? 0) / 100)],
      [`method-${i}-calculation`, 'per_class'],
      [`method-${i}-requires`, 'min_amount'],
      [`method-${i}-taxable`, 'yes'],
    );
  });
  const map = new Map<string, [string, string][]>();
  for (const [k, v] of pairs) map.set(k, [...(map.get(k) ?? []), [k, v]]);
  for (const [k, v] of changes) map.set(k, [[k, v]]);
  return [...map.values()].flat();
}

async function ratesFor(country: string, postcode = '', item = product) {
  const client = await StoreClient.start(shop.url);
  expect((await client.post('/cart/add-item', { id: item, quantity: 1 })).status).toBe(201);
  const res = await client.post('/cart/update-customer', {
    shipping_address: { country, postcode, city: 'X' },
  });
  expect(res.status).toBe(200);
  const cart = await res.json();
  return (cart.shipping_rates[0]?.shipping_rates ?? []) as {
    name: string;
    price: string;
    taxes: string;
    rate_id: string;
  }[];
}

describe('who may use it', () => {
  it('shows the pages to staff and the 404 page to everyone else, who change nothing', async () => {
    const who = await manager();
    const id = await createZone(who, 'US', 'Norwegen Zugang');
    const overview = await http.get(who, PATH);
    expect(overview.status).toBe(200);
    const text = await overview.text();
    expect(text).toContain('Norwegen Zugang');
    expect(text).toContain('Weltweit');
    const settings = await (await http.get(who, '/admin/settings')).text();
    expect(settings).toContain('href="/admin/settings/shipping"');
    const customer = await signedInCustomer(db());
    for (const cookie of ['', customer.cookie]) {
      for (const path of [PATH, `${PATH}/new`, `${PATH}/${id}`]) {
        expect((await http.get({ cookie }, path)).status).toBe(404);
      }
      const del = await http.post({ cookie }, `${PATH}/${id}`, {
        security: 'x',
        intent: 'delete',
        confirm: 'yes',
      });
      expect(del.status).toBe(404);
      const move = await http.post({ cookie }, PATH, {
        security: 'x',
        zone: String(id),
        direction: 'up',
      });
      expect(move.status).toBe(404);
    }
    expect(await db().select().from(shippingZones).where(eq(shippingZones.id, id))).toHaveLength(1);
    for (const path of [`${PATH}/999999`, `${PATH}/abc`, `${PATH}/1e3`]) {
      expect((await http.get(who, path)).status).toBe(404);
    }
  });
});

describe('a zone and the cart', () => {
  it('creates, edits and deletes a zone; the cart offers its rate, then the old one again', async () => {
    const who = await manager();
    const before = await ratesFor('CH');
    expect(before.map((r) => r.name)).not.toContain('Island Paket');
    const id = await createZone(who, 'CH', 'Schweiz');
    const created = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'shipping_zone'), eq(auditLog.entityId, String(id))));
    expect(created.map((e) => e.action)).toEqual(['create']);

    const form = await zoneForm(who, id, [
      ['method-0-title_de', 'Island Paket'],
      ['method-0-title_en', 'Iceland parcel'],
      ['method-0-cost', '7,50'],
      ['postcodes', '10*\n1000...1999'],
    ]);
    const saved = await http.post(who, `${PATH}/${id}`, body(form));
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe(`${PATH}/${id}?done=saved`);
    const [method] = await db()
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.zoneId, id));
    expect(method!.settings).toMatchObject({ cost: 750, calculation: 'per_class' });
    const codes = (
      await db().select().from(shippingZoneLocations).where(eq(shippingZoneLocations.zoneId, id))
    ).map((l) => `${l.type}:${l.code}`);
    expect(codes.sort()).toEqual(['country:CH', 'postcode:10*', 'postcode:1000...1999']);

    // In the zone by prefix and by range; outside it by postcode.
    for (const postcode of ['1001', '1500']) {
      const rates = await ratesFor('CH', postcode);
      const rate = rates.find((r) => r.name === 'Island Paket');
      expect(rate, postcode).toBeDefined();
      // Switzerland is a tax-free export: the 7,50 € rate is charged without its German VAT.
      expect(Number(rate!.price) + Number(rate!.taxes)).toBe(630);
    }
    expect((await ratesFor('CH', '9000')).map((r) => r.name)).not.toContain('Island Paket');

    const page = await (await http.get(who, `${PATH}/${id}`)).text();
    expect(page).toContain('Geändert');
    expect(page).toContain('7,50');

    // The form filled in before the save is stale now.
    const stale = await http.post(who, `${PATH}/${id}`, body(form));
    expect(stale.status).toBe(409);

    const unconfirmed = await http.post(who, `${PATH}/${id}`, {
      security: nonceOf(who),
      intent: 'delete',
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain('Bitte das Löschen bestätigen.');
    const deleted = await http.post(who, `${PATH}/${id}`, {
      security: nonceOf(who),
      intent: 'delete',
      confirm: 'yes',
    });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(shippingZones).where(eq(shippingZones.id, id))).toHaveLength(0);
    expect(
      await db().select().from(shippingMethods).where(eq(shippingMethods.zoneId, id)),
    ).toHaveLength(0);
    expect((await ratesFor('CH', '1001')).map((r) => r.name)).not.toContain('Island Paket');
    const log = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'shipping_zone'), eq(auditLog.entityId, String(id))));
    expect(log.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('adds and removes methods with their settings; amounts with a point or a comma', async () => {
    const who = await manager();
    const id = await createZone(who, 'NO', 'Norwegen');
    await db()
      .insert((await import('#app/domain/shipping/shipping.schema.ts')).shippingClasses)
      .values({ slug: 'heavy-test', name: { de: 'Schwer' } })
      .onConflictDoNothing();
    const first = await http.post(
      who,
      `${PATH}/${id}`,
      body(await zoneForm(who, id, [['add_method', 'free_shipping']])),
    );
    expect(first.status).toBe(302);
    const free = await http.post(
      who,
      `${PATH}/${id}`,
      body(
        await zoneForm(who, id, [
          ['method-0-cost', '3.5'],
          ['method-0-class-heavy-test', '12'],
          ['method-1-requires', 'min_amount'],
          ['method-1-min_amount', '50,00'],
        ]),
      ),
    );
    expect(free.status).toBe(302);
    const methods = await db()
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.zoneId, id))
      .orderBy(shippingMethods.position);
    expect(methods.map((m) => m.methodId)).toEqual(['flat_rate', 'free_shipping']);
    expect(methods[0]!.settings).toMatchObject({ cost: 350, classCosts: { 'heavy-test': 1200 } });
    expect(methods[1]!.settings).toMatchObject({ requires: 'min_amount', minAmount: 5000 });
    // 15 € is below the minimum: only the flat rate.
    expect((await ratesFor('NO')).map((r) => r.rate_id)).toEqual([`flat_rate:${methods[0]!.id}`]);

    const removed = await http.post(
      who,
      `${PATH}/${id}`,
      body(
        await zoneForm(who, id, [
          ['method-0-remove', 'yes'],
          ['method-1-enabled', ''],
        ]),
      ),
    );
    expect(removed.status).toBe(302);
    const left = await db().select().from(shippingMethods).where(eq(shippingMethods.zoneId, id));
    expect(left.map((m) => [m.methodId, m.enabled])).toEqual([['free_shipping', false]]);
    expect(await ratesFor('NO')).toEqual([]);
  });
});

describe('methods within a zone', () => {
  it('offers the methods in the chosen order and not for excluded shipping classes', async () => {
    const who = await manager();
    const id = await createZone(who, 'NO', 'Norwegen Möbel');
    // Tried first, ahead of the other tests' zones for Norway.
    await db().update(shippingZones).set({ position: -1 }).where(eq(shippingZones.id, id));
    const { shippingClasses } = await import('#app/domain/shipping/shipping.schema.ts');
    await db()
      .insert(shippingClasses)
      .values({ slug: 'bulky-test', name: { de: 'Sperrgut' } })
      .onConflictDoNothing();
    const bulky = (
      await createProduct(db(), {
        name: { de: 'Schrank' },
        regularPrice: 9900,
        shippingClass: 'bulky-test',
      })
    ).product.id;
    const added = await http.post(
      who,
      `${PATH}/${id}`,
      body(await zoneForm(who, id, [['add_method', 'local_pickup']])),
    );
    expect(added.status, await added.clone().text()).toBe(302);
    const page = await (await http.get(who, `${PATH}/${id}`)).text();
    expect(page).toContain('name="method-1-place"');
    expect(page).toContain('name="method-0-exclude" value="bulky-test"');

    const reordered = await http.post(
      who,
      `${PATH}/${id}`,
      body(
        await zoneForm(who, id, [
          ['method-0-place', '2'],
          ['method-1-place', '1'],
          ['method-1-exclude', 'bulky-test'],
        ]),
      ),
    );
    expect(reordered.status).toBe(302);
    const methods = await db()
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.zoneId, id))
      .orderBy(shippingMethods.position);
    expect(methods.map((m) => m.methodId)).toEqual(['local_pickup', 'flat_rate']);
    expect(methods[0]!.settings).toMatchObject({ excludedClasses: ['bulky-test'] });
    expect((await ratesFor('NO')).map((r) => r.rate_id)).toEqual([
      `local_pickup:${methods[0]!.id}`,
      `flat_rate:${methods[1]!.id}`,
    ]);
    // The wardrobe cannot be collected: only the flat rate.
    expect((await ratesFor('NO', '', bulky)).map((r) => r.rate_id)).toEqual([
      `flat_rate:${methods[1]!.id}`,
    ]);

    for (const [field, value] of [
      ['method-0-place', '0'],
      ['method-0-place', '1.5'],
      ['method-0-place', 'eins'],
      ['method-0-exclude', 'no-such-class'],
    ] as const) {
      const bad = await http.post(
        who,
        `${PATH}/${id}`,
        body(await zoneForm(who, id, [[field, value]])),
      );
      expect(bad.status, `${field}=${value}`).toBe(400);
    }
    const after = await db()
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.zoneId, id))
      .orderBy(shippingMethods.position);
    expect(after.map((m) => m.methodId)).toEqual(['local_pickup', 'flat_rate']);
  });
});

describe('order', () => {
  it('moves a zone up and down; the cart takes the first matching one; rest of world stays last', async () => {
    const who = await manager();
    const a = await createZone(who, 'GB', 'Malta A');
    const b = await createZone(who, 'GB', 'Malta B');
    const name = async () => (await ratesFor('GB')).map((r) => r.name);
    // Both new zones only know their default flat rate; tell them apart by title.
    for (const [id, title] of [
      [a, 'Rate A'],
      [b, 'Rate B'],
    ] as const) {
      const res = await http.post(
        who,
        `${PATH}/${id}`,
        body(await zoneForm(who, id, [['method-0-title_de', title]])),
      );
      expect(res.status).toBe(302);
    }
    expect(await name()).toEqual(['Rate A']);
    const up = await http.post(who, PATH, {
      security: nonceOf(who),
      zone: String(b),
      direction: 'up',
    });
    expect(up.status).toBe(302);
    expect(up.headers.get('location')).toBe(`${PATH}?done=moved#zone-${b}`);
    expect(await name()).toEqual(['Rate B']);
    const page = await (await http.get(who, PATH)).text();
    expect(page.indexOf('Malta B')).toBeLessThan(page.indexOf('Malta A'));
    expect(page.lastIndexOf('Weltweit')).toBeGreaterThan(page.indexOf('Malta A'));
    const down = await http.post(who, PATH, {
      security: nonceOf(who),
      zone: String(b),
      direction: 'down',
    });
    expect(down.status).toBe(302);
    expect(await name()).toEqual(['Rate A']);

    const [world] = await db()
      .select()
      .from(shippingZones)
      .where(eq(shippingZones.restOfWorld, true));
    const moveWorld = await http.post(who, PATH, {
      security: nonceOf(who),
      zone: String(world!.id),
      direction: 'up',
    });
    expect(moveWorld.status).toBe(404);
    const delWorld = await http.post(who, `${PATH}/${world!.id}`, {
      security: nonceOf(who),
      intent: 'delete',
      confirm: 'yes',
    });
    expect(delWorld.status).toBe(400);
  });
});

describe('hostile input', () => {
  it('refuses bad values with a clear 4xx in de and en and changes nothing', async () => {
    const who = await manager();
    const id = await createZone(who, 'CY', 'Zypern');
    const [zoneBefore] = await db().select().from(shippingZones).where(eq(shippingZones.id, id));
    const cases: [string, [string, string][], number, string][] = [
      ['NUL byte', [['name_de', 'a\u0000b']], 400, ''],
      ['10 kB name', [['name_de', TEN_KB]], 400, 'Diese Eingabe ist zu lang.'],
      ['10 kB postcodes', [['postcodes', TEN_KB]], 400, 'Diese Eingabe ist zu lang.'],
      ['empty name', [['name_de', '  ']], 400, 'Bitte ausfüllen.'],
      ['unknown country', [['countries', 'XX']], 400, 'Bitte nur Länder aus der Liste wählen.'],
      ['bad state', [['states', 'US:ZZ']], 400, 'Bitte Bundesländer'],
      ['bad postcode', [['postcodes', '<script>']], 400, 'Bitte Postleitzahlen'],
      ['amount as words', [['method-0-cost', 'zehn']], 400, 'Bitte einen Betrag in Euro'],
      ['negative amount', [['method-0-cost', '-1']], 400, 'Bitte einen Betrag in Euro'],
      ['huge amount', [['method-0-cost', '1e309']], 400, 'Bitte einen Betrag in Euro'],
      ['unknown method', [['add_method', 'teleport']], 400, 'Diese Eingabe ist ungültig.'],
      [
        'unknown calculation',
        [['method-0-calculation', 'all']],
        400,
        'Diese Eingabe ist ungültig.',
      ],
      ['foreign method id', [['method-0-id', '999999']], 400, 'inzwischen geändert'],
      ['stale version', [['version', 'old']], 409, 'inzwischen geändert'],
      ['expired form', [['security', 'nope']], 403, 'abgelaufen'],
      ['unknown intent', [['intent', 'drop']], 400, 'ungültig'],
    ];
    for (const [label, changes, status, text] of cases) {
      const res = await http.post(who, `${PATH}/${id}`, body(await zoneForm(who, id, changes)));
      expect(res.status, label).toBe(status);
      expect(await res.text(), label).toContain(text);
    }
    // Arrays where one value belongs.
    const twice = await zoneForm(who, id);
    twice.push(['name_de', 'Zweimal'], ['method-0-cost', '1']);
    const arrays = await http.post(who, `${PATH}/${id}`, body(twice));
    expect(arrays.status).toBe(400);
    // English messages for an English reader.
    const english = await http.post(
      { cookie: `lang=en; ${who.cookie}` },
      `${PATH}/${id}`,
      body(await zoneForm(who, id, [['method-0-cost', 'ten']])),
    );
    expect(english.status).toBe(400);
    expect(await english.text()).toContain('Please enter an amount in euros');
    for (const fields of [
      { zone: String(id), direction: 'sideways' },
      { zone: 'abc', direction: 'up' },
      { zone: TEN_KB, direction: 'up' },
      { zone: '999999', direction: 'up' },
    ]) {
      const res = await http.post(who, PATH, { security: nonceOf(who), ...fields });
      expect([400, 404]).toContain(res.status);
    }
    const moveTwice = await http.post(
      who,
      PATH,
      body([
        ['security', nonceOf(who)],
        ['zone', String(id)],
        ['zone', String(id)],
        ['direction', 'up'],
      ]),
    );
    expect(moveTwice.status).toBe(400);
    const [zoneAfter] = await db().select().from(shippingZones).where(eq(shippingZones.id, id));
    expect(zoneAfter).toEqual(zoneBefore);
    const [method] = await db()
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.zoneId, id));
    expect(method!.settings).toMatchObject({ cost: 0 });
  }, 90_000);
});
