import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormsClient, fieldParts } from '../support/forms-client.ts';
import { contactFormFields, seedForms } from '../support/forms-data.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let contactId: number;

beforeAll(async () => {
  shop = await startTestShop({ env: { TRUST_PROXY: 'true' } });
  ({ contactId } = await seedForms(shop.database.db));
});

afterAll(async () => {
  await shop?.close();
});

/** Six submissions, each from a new session, as seen behind a proxy that forwards `address`. */
async function sixFrom(address: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const client = new FormsClient(shop.url);
    await client.page('/contact');
    const reply = await client.submit(
      contactId,
      fieldParts(contactFormFields(contactId, { 'your-name': '' })),
      {
        headers: { 'x-forwarded-for': `${address}, 10.0.0.1` },
      },
    );
    statuses.push(reply.status);
  }
  return statuses;
}

describe('behind a trusted proxy', () => {
  it('limits each forwarded visitor on its own, not the proxy as a whole', async () => {
    expect(await sixFrom('203.0.113.7')).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await sixFrom('198.51.100.23')).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('never lets a client set the internal address header itself', async () => {
    const client = new FormsClient(shop.url);
    await client.page('/contact');
    const reply = await client.submit(
      contactId,
      fieldParts(contactFormFields(contactId, { 'your-name': '' })),
      {
        headers: { 'x-shop-client-address': '192.0.2.1', 'x-forwarded-for': '203.0.113.7' },
      },
    );
    expect(reply.status).toBe(429);
  });
});
