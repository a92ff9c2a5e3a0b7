// A shop for REST API v3 tests with a read-write and a read key, and a plain request helper for
// what the official client never sends.
import { afterAll, beforeAll } from 'vitest';
import { type TestKey, VIA_HTTPS, basicAuth, officialClient, staffKey } from './rest-v3.ts';
import { type TestShop, startTestShop } from './shop.ts';

export let shop: TestShop;
export let writer: TestKey;
export let reader: TestKey;
export let client: ReturnType<typeof officialClient>;
export const db = () => shop.database.db;
let serial = 0;
export const unique = () => `${Date.now().toString(36)}${++serial}`;

/** One shop for the file, behind a proxy that speaks HTTPS, with a read-write and a read key. */
export function withRestShop() {
  beforeAll(async () => {
    shop = await startTestShop({ env: { TRUST_PROXY: 'true' } });
    writer = await staffKey(shop, 'read_write');
    reader = await staffKey(shop, 'read');
    client = officialClient(shop, writer);
  });
  afterAll(async () => {
    await shop?.close();
  });
}

/** A REST v3 request with a key; the answer's status and JSON body. */
export async function call(method: string, path: string, body?: unknown, key: TestKey = writer) {
  const response = await fetch(`${shop.url}/wp-json/wc/v3/${path}`, {
    method,
    headers: {
      ...VIA_HTTPS,
      authorization: basicAuth(key),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}
