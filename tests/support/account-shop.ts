import { afterAll, beforeAll } from 'vitest';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { hashPassword } from '#app/domain/customers/passwords.server.ts';
import { ACCOUNT_SETTINGS_KEY } from '#app/domain/customers/account-settings.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import type { PageClient } from './account-client.ts';
import { type TestShop, startTestShop } from './shop.ts';

/**
 * What the account tests over HTTP share: the account forms posted as a browser without
 * scripts posts them, against a shop of the test file's own.
 */

export let shop: TestShop;

export const PASSWORD = 'Kaffee-Tasse-Mond-7';

let counter = 0;

export const email = () => `kunde${++counter}.${process.pid}@example.org`;

export let productId: number;

export async function customer(
  address = email(),
  fields: Partial<typeof customers.$inferInsert> = {},
) {
  await shop.database.db.insert(customers).values({
    email: address,
    passwordHash: await hashPassword(PASSWORD),
    displayName: 'Erika',
    ...fields,
  });
  return address;
}

export async function login(client: PageClient, address: string, password = PASSWORD) {
  return client.post('/my-account', { intent: 'login', username: address, password });
}

/** The notices and status of an answer, without the parts that differ by nature (the address). */
export async function answer(res: Response, address?: string) {
  const html = await res.text();
  const notices = [...html.matchAll(/class="notice notice-(\w+)"[^>]*>(.*?)<\/div>/g)].map(
    (m) => `${m[1]}: ${m[2]}`,
  );
  return {
    status: res.status,
    notices: address ? notices.map((n) => n.replace(address, '…')) : notices,
  };
}

export const ADDRESS_UNLIMITED = {
  throttle: { perAccount: 5, perAddress: 100_000, windowMinutes: 15 },
};

/** A built shop of its own for the test file, with one product and the per-address login limit lifted. */
export function withAccountShop() {
  beforeAll(async () => {
    shop = await startTestShop({ renderCacheSeconds: 5 });
    const product = await createProduct(shop.database.db, {
      name: { de: 'Tee', en: 'Tea' },
      regularPrice: 499,
    });
    productId = product.product.id;
    // Every request comes from 127.0.0.1: only the test of the address limit lowers it.
    await putSetting(shop.database.db, ACCOUNT_SETTINGS_KEY, ADDRESS_UNLIMITED);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });
}
