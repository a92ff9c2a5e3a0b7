// The back office product list's search on a generated catalogue (1 000 products): the
// searches the bench measures and a few more, pinned row by row, so that a faster search
// still lists the same products in the same order, page after page.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { adminProductPage } from '#app/domain/catalog/product-admin.server.ts';
import {
  type AdminProductQuery,
  DEFAULT_PRODUCT_QUERY,
} from '#app/domain/catalog/product-admin.view.ts';
import { adminProductMatches } from '#app/domain/search/admin-search.server.ts';
import { openTestDatabase } from '../support/database.ts';
import { generateCatalog } from './catalog-fixture.ts';

let handle: DatabaseHandle;
let variationSku = '';
let gtin = '';

beforeAll(async () => {
  handle = await openTestDatabase();
  await generateCatalog(handle.db, 1_000);
  const result = (await handle.db.execute(
    sql`select sku from products where parent_id = (select id from products where sku = 'LZ-000480') order by sku limit 1`,
  )) as unknown as { rows: { sku: string }[] };
  variationSku = result.rows[0]!.sku;
  const own = (await handle.db.execute(
    sql`select gtin from products where sku = 'LZ-000471'`,
  )) as unknown as { rows: { gtin: string }[] };
  gtin = own.rows[0]!.gtin;
}, 180_000);

afterAll(async () => {
  await handle?.close();
});

/** Up to three pages forward and the first of them again backwards, as "id id id …". */
async function pages(search: string, sort: Partial<AdminProductQuery> = {}) {
  const query = { ...DEFAULT_PRODUCT_QUERY, ...sort, search };
  const list = (q: AdminProductQuery) =>
    adminProductPage(handle.db, { query: q, locale: 'de', matching: adminProductMatches(search) });
  const shown: string[] = [];
  let page = await list(query);
  shown.push(page.rows.map((r) => r.id).join(' '));
  for (let k = 0; k < 2 && page.next !== null; k++) {
    page = await list({ ...query, after: page.next });
    shown.push(page.rows.map((r) => r.id).join(' '));
  }
  if (page.previous !== null) {
    const back = await list({ ...query, before: page.previous });
    shown.push(`back: ${back.rows.map((r) => r.id).join(' ')}`);
  }
  return shown;
}

describe('back office product search on the generated catalogue', () => {
  it('finds the same rows in the same order', async () => {
    expect(variationSku).toMatch(/^LZ-000480-/);
    expect(gtin).toMatch(/^426000000471\d$/);
    const found: Record<string, string[]> = {
      rucksack: await pages('rucksack'),
      'rucksack by name': await pages('rucksack', { sort: 'name', dir: 'asc' }),
      'rucksack by price': await pages('rucksack', { sort: 'price', dir: 'desc' }),
      backpack: await pages('backpack'),
      'leder (de)': await pages('leder'),
      'leather (en) by sku': await pages('leather', { sort: 'sku', dir: 'asc' }),
      'two words': await pages('rucksack leder'),
      sku: await pages('LZ-000471'),
      'sku lower case': await pages('lz-000471'),
      'sku prefix': await pages('LZ-00047'),
      'gtin prefix': await pages('426000000471'),
      gtin: await pages(gtin),
      'variation sku': await pages(variationSku),
      'variation gtin prefix': await pages('427000001920'),
      drafts: await pages('LZ-000199'),
      nothing: await pages('zzzzqqq'),
    };
    expect(found).toMatchInlineSnapshot(`
      {
        "backpack": [
          "480 690 144 900 354 564 18 774 228 984 438 648 102 858 312 522 732 186 942 396 606 60 816 270",
        ],
        "drafts": [
          "199",
        ],
        "gtin": [
          "471",
        ],
        "gtin prefix": [
          "471",
        ],
        "leather (en) by sku": [
          "11 25 39 48 62 76 85 99 113 136 150 164 173 187 201 224 238 252 261 275 289 298 312 326 349 363 377 386 400 414 423 437 451 474 488 502 511 525 539 548 562 576 599 613 627 636 650 664 673 687",
          "701 724 738 752 761 775 789 812 826 840 849 863 877 886 900 914 937 951 965 974 988",
          "back: 11 25 39 48 62 76 85 99 113 136 150 164 173 187 201 224 238 252 261 275 289 298 312 326 349 363 377 386 400 414 423 437 451 474 488 502 511 525 539 548 562 576 599 613 627 636 650 664 673 687",
        ],
        "leder (de)": [
          "914 789 664 539 414 289 164 39 85 900 775 650 525 400 275 150 25 965 840 886 761 636 511 386 261 136 11 951 826 701 576 451 326 201 76 937 812 687 562 437 312 187 62 877 752 627 673 502 548 377",
          "423 252 298 173 48 988 863 738 613 488 363 238 113 974 849 724 599 474 349 224 99",
          "back: 914 789 664 539 414 289 164 39 85 900 775 650 525 400 275 150 25 965 840 886 761 636 511 386 261 136 11 951 826 701 576 451 326 201 76 937 812 687 562 437 312 187 62 877 752 627 673 502 548 377",
        ],
        "nothing": [
          "",
        ],
        "rucksack": [
          "480 690 144 900 354 564 18 774 228 984 438 648 102 858 312 522 732 186 942 396 606 60 816 270",
        ],
        "rucksack by name": [
          "900 564 60 858 396 102 522 144 816 354 270 774 606 186 732 228 18 312 438 648 984 690 942 480",
        ],
        "rucksack by price": [
          "732 648 564 480 396 312 228 144 60 942 858 774 690 606 522 438 354 270 186 102 18 984 900 816",
        ],
        "sku": [
          "471",
        ],
        "sku lower case": [
          "471",
        ],
        "sku prefix": [
          "",
        ],
        "two words": [
          "900 312",
        ],
        "variation gtin prefix": [
          "480",
        ],
        "variation sku": [
          "480",
        ],
      }
    `);
  });
});
