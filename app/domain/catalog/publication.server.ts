// The SQL twin of `shownNow` (publication.ts) and the refresh of listing rows whose scheduled
// publish date has come.
import { type SQL, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '#app/domain/kernel/tx.ts';
import { writeGenerationOf } from '#app/lib/db.server.ts';
import { products } from './catalog.schema.ts';
import { productListing } from './listing.schema.ts';

/** Products shown in the shop now; the status index serves both branches. */
export function shownProducts(table: typeof products = products): SQL {
  return sql`(${table.status} = 'publish' or (${table.status} = 'future' and ${table.createdAt} <= now()))`;
}

/** Per database: the write generation last checked at and when the next scheduled product is due. */
const nextDue = new WeakMap<object, { writes: number; at: number }>();

/**
 * Rebuilds the listing rows of scheduled products whose date has come but whose row still
 * hides them. Listings call it before they read, so they never wait for the periodic refresh;
 * the catalog version then grows and cached counts follow. Between writes it asks the database
 * again only once the next scheduled date has come, so listings do not pay a statement for it.
 * Returns how many were refreshed.
 */
export async function publishDueProducts(db: Tx): Promise<number> {
  const writes = writeGenerationOf(db);
  const known = nextDue.get(db);
  const generation = writes?.();
  if (known && known.writes === generation && Date.now() < known.at) return 0;
  const rows = await rowsOf<{ id: number; due: boolean; at: string }>(
    db,
    sql`select ${productListing.productId} as id, ${products.createdAt} <= now() as due,
               (extract(epoch from ${products.createdAt}) * 1000)::float8 as at
          from ${productListing}
          join ${products} on ${products.id} = ${productListing.productId}
         where ${products.status} = 'future' and ${products.parentId} is null
           and not ${productListing.published}
         order by ${products.createdAt}
         limit 500`,
  );
  const ids = rows.filter((r) => r.due).map((r) => Number(r.id));
  const later = rows.find((r) => !r.due);
  if (generation !== undefined) {
    // A full page of due rows leaves more to do: ask again at once next time.
    const at = later ? Number(later.at) : rows.length === 500 ? 0 : Infinity;
    nextDue.set(db, { writes: generation, at });
  }
  if (ids.length === 0) return 0;
  await db.execute(
    sql`select product_listing_refresh(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[])::text`,
  );
  return ids.length;
}
