// The back office's product list: filters, sort and keyset pages over top-level products.
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { deliveryTimes } from '#app/domain/compliance/compliance.schema.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import type { Locale } from '#app/lib/locale.ts';
import { categories } from './catalog.schema.ts';
import { categoryPath } from './category-path.ts';
import { ADMIN_PRODUCTS_PER_PAGE } from './product-admin.rules.ts';
import type {
  ADMIN_PRODUCT_STATUSES,
  AdminProductPage,
  AdminProductQuery,
  AdminStockFilter,
  FilterChoice,
  StockItem,
} from './product-admin.view.ts';
import { lowStockDefault } from './stock-admin.server.ts';

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The sort key of a product row `p` (its listing row `l`). The same text builds the cursor's
 * key, and name, SKU and date match the expression indexes of migration 0037. The locale is
 * one of two fixed words, never input.
 */
function sortKey(sort: AdminProductQuery['sort'], locale: Locale, p: string, l: string): SQL {
  switch (sort) {
    case 'name':
      return sql.raw(`lower(coalesce(${p}.name ->> '${locale === 'de' ? 'de' : 'en'}', ''))`);
    case 'sku':
      return sql.raw(`coalesce(${p}.sku, '')`);
    case 'price':
      return sql.raw(`coalesce(${l}.price, 0)`);
    case 'stock':
      return sql.raw(`coalesce(case when ${p}.type = 'variable'
        then (select sum(v.stock_quantity) from products v where v.parent_id = ${p}.id and v.manage_stock)
        else ${p}.stock_quantity end, 0)`);
    case 'date':
      return sql.raw(`${p}.created_at`);
  }
}

/**
 * The rows (products or variations `i`, parent `pp`) a stock filter looks at one by one: low is
 * "at or below the threshold", the variation's, its parent's or the shop's, as the dashboard
 * counts it; out is none left of counted stock and no backorders, or marked out of stock.
 */
function itemCondition(filter: AdminStockFilter, fallback: number): SQL | null {
  if (filter === 'low')
    return sql`i.manage_stock and coalesce(i.stock_quantity, 0)
      <= coalesce(i.low_stock_amount, pp.low_stock_amount, ${fallback})`;
  if (filter === 'out')
    return sql`(i.manage_stock and coalesce(i.stock_quantity, 0) <= 0
        and coalesce(i.backorders, pp.backorders, 'no') = 'no')
      or (i.manage_stock is not true and i.stock_status = 'outofstock')`;
  if (filter === 'all') return sql`i.manage_stock`;
  return null;
}

function stockCondition(filter: AdminStockFilter | null, fallback: number): SQL | null {
  if (filter === null) return null;
  if (filter === 'instock') return sql`l.stock_rank = 0`;
  if (filter === 'onbackorder') return sql`l.stock_rank = 1`;
  return sql`p.id in (select coalesce(i.parent_id, i.id) from products i
    left join products pp on pp.id = i.parent_id where ${itemCondition(filter, fallback)})`;
}

export type ProductPageInput = {
  query: AdminProductQuery;
  locale: Locale;
  /** Product ids the search matches, as a subquery; null when nothing is searched for. */
  matching: SQL | null;
};

/**
 * A page of top-level products, keyset-paged by (sort key, id): the cursor is the id of the
 * last (or first) row shown and the next page starts after that row's key, so no rows are
 * counted to be skipped.
 */
export async function adminProductPage(
  db: Tx,
  { query, locale, matching }: ProductPageInput,
): Promise<AdminProductPage> {
  const fallback = await lowStockDefault(db);
  const key = sortKey(query.sort, locale, 'p', 'l');
  const backwards = query.before !== null;
  const ascending = (query.dir === 'asc') !== backwards;
  const cursorId = query.after ?? query.before;
  // `products_date_idx` is (created_at desc nulls last, id desc nulls last): the order must say
  // so to walk it (created_at is never null, so the rows come in the same order either way).
  const nulls = query.sort === 'date' ? (ascending ? ' nulls first' : ' nulls last') : '';
  const direction = sql.raw(`${ascending ? 'asc' : 'desc'}${nulls}`);
  const conditions: SQL[] = [sql`p.parent_id is null`];
  // An array, not `in (subquery)`: the planner then looks up the matches by id and sorts them,
  // instead of walking the sort index over every product for a rare match (5 s at 100 k).
  if (matching) conditions.push(sql`p.id = any(array(${matching}))`);
  if (query.category) conditions.push(sql`l.category_ids @> array[${query.category}]::int[]`);
  if (query.type) conditions.push(sql`p.type = ${query.type}`);
  // The trash is a view of its own, as in WooCommerce: without a status filter it stays out.
  conditions.push(query.status ? sql`p.status = ${query.status}` : sql`p.status <> 'trash'`);
  if (query.onSale) conditions.push(sql`l.on_sale`);
  const stock = stockCondition(query.stock, fallback);
  if (stock) conditions.push(stock);
  if (cursorId !== null)
    conditions.push(sql`(${key}, p.id) ${sql.raw(ascending ? '>' : '<')} (
      select ${sortKey(query.sort, locale, 'c', 'cl')}, c.id
        from products c left join product_listing cl on cl.product_id = c.id
       where c.id = ${cursorId})`);
  const result = await db.execute(sql`
    select p.id, p.name, p.sku, p.type, p.status, p.slug, p.manage_stock, p.stock_quantity,
           p.stock_status, p.regular_price, l.price, l.on_sale, l.stock_rank, img.key as image,
           case when p.type = 'variable' then
             (select sum(v.stock_quantity) from products v where v.parent_id = p.id and v.manage_stock)
           end as variation_stock,
           (select coalesce(array_agg(n.name order by n.name), '{}') from (
              select coalesce(nullif(c.name ->> ${locale}, ''), c.name ->> 'de') as name
                from product_categories pc join categories c on c.id = pc.category_id
               where pc.product_id = p.id) n) as category_names
      from products p
      left join product_listing l on l.product_id = p.id
      left join images img on img.id = p.image_id
     where ${sql.join(conditions, sql` and `)}
     order by ${key} ${direction}, p.id ${direction}
     limit ${ADMIN_PRODUCTS_PER_PAGE + 1}`);
  type Row = {
    id: number;
    name: { de: string; en?: string } | null;
    sku: string | null;
    type: 'simple' | 'variable';
    status: (typeof ADMIN_PRODUCT_STATUSES)[number];
    slug: string | null;
    manage_stock: boolean | null;
    stock_quantity: string | number | null;
    stock_status: string | null;
    regular_price: number | null;
    price: number | null;
    on_sale: boolean | null;
    stock_rank: number | null;
    image: string | null;
    variation_stock: string | number | null;
    category_names: (string | null)[];
  };
  const found = rows<Row>(result);
  const more = found.length > ADMIN_PRODUCTS_PER_PAGE;
  const shown = found.slice(0, ADMIN_PRODUCTS_PER_PAGE);
  if (backwards) shown.reverse();
  const items = await stockItems(db, query.stock, fallback, shown, locale);
  const pageRows = shown.map((r) => ({
    id: Number(r.id),
    name: localize(r.name, locale),
    sku: r.sku,
    type: r.type,
    status: r.status,
    stock:
      r.type === 'variable'
        ? r.variation_stock === null
          ? null
          : Number(r.variation_stock)
        : r.manage_stock
          ? Number(r.stock_quantity ?? 0)
          : null,
    managed: Boolean(r.manage_stock),
    stockRank: Number(r.stock_rank ?? (r.stock_status === 'outofstock' ? 2 : 0)),
    regularPrice: r.regular_price === null ? null : Number(r.regular_price),
    price: r.price === null ? null : Number(r.price),
    onSale: Boolean(r.on_sale),
    categories: r.category_names.filter((n): n is string => Boolean(n)),
    thumb: r.image ? imageUrl(r.image, 'thumb') : null,
    href: r.slug && r.status === 'publish' ? `/product/${r.slug}` : null,
    items: items.get(Number(r.id)) ?? [],
  }));
  const first = pageRows[0]?.id ?? null;
  const last = pageRows.at(-1)?.id ?? null;
  return {
    rows: pageRows,
    next: backwards ? last : more ? last : null,
    previous: backwards ? (more ? first : null) : cursorId !== null ? first : null,
  };
}

/** For the low, out and counted-stock filters: which rows of each shown product matched. */
async function stockItems(
  db: Tx,
  filter: AdminStockFilter | null,
  fallback: number,
  shown: { id: number; name: { de: string; en?: string } | null }[],
  locale: Locale,
): Promise<Map<number, StockItem[]>> {
  const condition = filter ? itemCondition(filter, fallback) : null;
  const byProduct = new Map<number, StockItem[]>();
  if (!condition || shown.length === 0) return byProduct;
  const ids = `{${shown.map((r) => Number(r.id)).join(',')}}`;
  const result = await db.execute(sql`
    select i.id, i.parent_id, i.variation_attributes, coalesce(i.stock_quantity, 0) as quantity
      from products i left join products pp on pp.id = i.parent_id
     where (i.id = any(${ids}::int[]) or i.parent_id = any(${ids}::int[])) and (${condition})
     order by i.parent_id nulls first, i.menu_order, i.id`);
  const names = new Map(shown.map((r) => [Number(r.id), localize(r.name, locale)]));
  for (const r of rows<{
    id: number;
    parent_id: number | null;
    variation_attributes: Record<string, string> | null;
    quantity: string | number;
  }>(result)) {
    const productId = Number(r.parent_id ?? r.id);
    const base = names.get(productId) ?? '';
    const terms = Object.values(r.variation_attributes ?? {}).filter(Boolean);
    const label = r.parent_id !== null && terms.length ? `${base} – ${terms.join(', ')}` : base;
    const list = byProduct.get(productId) ?? [];
    list.push({ id: Number(r.id), label, quantity: Number(r.quantity) });
    byProduct.set(productId, list);
  }
  return byProduct;
}

/** What the filter and bulk selects offer: every category (as a path) and delivery time. */
export async function adminProductOptions(
  db: Tx,
  locale: Locale,
): Promise<{ categories: FilterChoice[]; deliveryTimes: FilterChoice[] }> {
  const [cats, times] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
      .from(categories),
    db.select({ id: deliveryTimes.id, label: deliveryTimes.label }).from(deliveryTimes),
  ]);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const path = (id: number) => categoryPath(byId, id, (c) => localize(c.name, locale)).join(' › ');
  return {
    categories: cats
      .map((c) => ({ value: String(c.id), label: path(c.id) }))
      .sort((a, b) => a.label.localeCompare(b.label, locale)),
    deliveryTimes: times
      .map((d) => ({ value: String(d.id), label: localize(d.label, locale) }))
      .sort((a, b) => a.label.localeCompare(b.label, locale)),
  };
}
