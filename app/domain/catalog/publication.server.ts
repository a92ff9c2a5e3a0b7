// The SQL twin of `shownNow` (publication.ts) and the refresh of listing rows whose scheduled
// publish date has come.
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { products } from './catalog.schema.ts';
import { productListing } from './listing.schema.ts';

/** Products shown in the shop now; the status index serves both branches. */
export function shownProducts(table: typeof products = products): SQL {
  return sql`(${table.status} = 'publish' or (${table.status} = 'future' and ${table.createdAt} <= now()))`;
}

/**
 * Rebuilds the listing rows of scheduled products whose date has come but whose row still
 * hides them. Listings call it before they read, so they never wait for the periodic refresh;
 * the catalog version then grows and cached counts follow. Returns how many were refreshed.
 */
export async function publishDueProducts(db: Tx): Promise<number> {
  const due = await db.execute(
    sql`select ${productListing.productId} as id from ${productListing}
          join ${products} on ${products.id} = ${productListing.productId}
         where ${products.status} = 'future' and ${products.parentId} is null
           and ${products.createdAt} <= now() and not ${productListing.published}
         limit 500`,
  );
  const ids = (due as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return 0;
  await db.execute(
    sql`select product_listing_refresh(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[])::text`,
  );
  return ids.length;
}
