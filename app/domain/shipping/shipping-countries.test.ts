import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '#app/domain/customers/address-locale.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createShippingZone } from '#db/seed/shipping-factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { forgetShippingSetup, shippingCountries } from './shipping.server.ts';

let handle: DatabaseHandle;

const flat = (enabled = true) => ({
  methodId: 'flat_rate' as const,
  title: { de: 'Versand', en: 'Parcel' },
  enabled,
  settings: {
    cost: 490,
    taxable: true,
    classCosts: {},
    noClassCost: 0,
    calculation: 'per_class' as const,
    excludedClasses: [],
  },
});

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('countries a wallet sheet may ship to', () => {
  it('lists the countries of zones with an enabled method, then every country with rest-of-world', async () => {
    const db = handle.db;
    expect(await shippingCountries(db)).toEqual([]);
    await createShippingZone(db, {
      name: { de: 'Inland', en: 'Domestic' },
      locations: [{ type: 'country', code: 'DE' }],
      methods: [flat()],
    });
    await createShippingZone(db, {
      name: { de: 'USA', en: 'USA' },
      position: 1,
      locations: [{ type: 'state', code: 'US:CA' }],
      methods: [flat()],
    });
    await createShippingZone(db, {
      name: { de: 'Aus', en: 'Off' },
      position: 2,
      locations: [{ type: 'country', code: 'FR' }],
      methods: [flat(false)],
    });
    forgetShippingSetup(db);
    expect(await shippingCountries(db)).toEqual(['DE', 'US']);
    await createShippingZone(db, {
      name: { de: 'Welt', en: 'World' },
      position: 3,
      restOfWorld: true,
      methods: [flat()],
    });
    forgetShippingSetup(db);
    expect(await shippingCountries(db)).toEqual([...COUNTRY_CODES].sort());
  });
});
