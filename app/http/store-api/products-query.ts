// The query of GET /wc/store/v1/products as WooCommerce's Store API accepts it.
import { z } from 'zod';
import {
  type AttributeFilter,
  type ListingFilters,
  type ListingSort,
  SLUG_PATTERN,
  SORT_KEYS,
} from '#app/domain/catalog/listing.ts';
import { STOCK_STATUSES } from '#app/domain/catalog/catalog.schema.ts';

export const MAX_PER_PAGE = 100;
const MAX_ATTRIBUTES = 10;
const MAX_TERMS = 20;

/** Query fields: repeated keys become arrays, `attributes[i][field][]` becomes a list of objects. */
export type QueryFields = Record<string, unknown>;

const ATTRIBUTE_KEY =
  /^attributes\[(\d{1,2})\]\[(attribute|slug|term_id|operator)\](\[\d{0,2}\])?$/;

/** Groups URL parameters the way PHP reads them, for the keys this endpoint knows. */
export function queryFields(params: URLSearchParams): QueryFields {
  const fields: QueryFields = {};
  const attributes: Record<string, unknown>[] = [];
  for (const [key, value] of params) {
    const match = ATTRIBUTE_KEY.exec(key);
    if (match) {
      const index = Number(match[1]);
      const field = match[2]!;
      const entry = (attributes[index] ??= {});
      if (match[3] !== undefined) {
        const list = entry[field];
        entry[field] = Array.isArray(list) ? [...(list as unknown[]), value] : [value];
      } else {
        entry[field] = field in entry ? [entry[field], value] : value;
      }
      continue;
    }
    if (key === 'attributes' || key.startsWith('attributes[')) {
      // Any other shape is not WooCommerce's array form.
      fields.attributes = value;
      continue;
    }
    // `search[]=a` is an array in PHP's reading: the schema refuses it under its own name.
    const bracketed = /^([a-z_]+)\[[^\]]*\]/.exec(key);
    const name = bracketed ? bracketed[1]! : key;
    fields[name] = name in fields || bracketed ? [fields[name] ?? [], value].flat() : value;
  }
  if (attributes.length && !('attributes' in fields)) {
    // Holes (attributes[0], attributes[2]) count as malformed.
    fields.attributes = Array.from(attributes, (a) => a ?? null);
  }
  return fields;
}

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\0'));
const whole = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
const slug = z.string().regex(SLUG_PATTERN);
const attributeName = z.string().regex(/^(pa_)?[a-z0-9][a-z0-9-]{0,63}$/);
const listOf = <T extends z.ZodType>(item: T) =>
  z.union([z.array(item).min(1).max(MAX_TERMS), item.transform((v) => [v])]);
const stockStatusList = text(200)
  .transform((s) => s.split(',').map((p) => p.trim()))
  .pipe(
    z
      .array(z.enum(STOCK_STATUSES))
      .min(1)
      .max(STOCK_STATUSES.length * 2),
  );

export const productsQuerySchema = z.object({
  page: whole(1, 100_000).optional(),
  per_page: whole(1, MAX_PER_PAGE).optional(),
  orderby: z.enum(SORT_KEYS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  search: text(100).optional(),
  category: z
    .string()
    .regex(/^(\d{1,9}|[a-z0-9][a-z0-9-]{0,63})$/)
    .optional(),
  on_sale: z.enum(['true', 'false', '1', '0']).optional(),
  stock_status: stockStatusList.optional(),
  min_price: whole(0, 10_000_000_000).optional(),
  max_price: whole(0, 10_000_000_000).optional(),
  attributes: z
    .array(
      z
        .object({
          attribute: attributeName,
          slug: listOf(slug).optional(),
          term_id: listOf(whole(1, 2_147_483_647)).optional(),
          operator: z.enum(['in']).optional(),
        })
        .strict()
        .refine((a) => a.slug !== undefined || a.term_id !== undefined),
    )
    .min(1)
    .max(MAX_ATTRIBUTES)
    .optional(),
});

export type ProductsQuery = z.output<typeof productsQuerySchema>;

export type ProductsRequest = {
  page: number;
  perPage: number;
  sort: ListingSort;
  search?: string;
  category?: { id: number } | { slug: string };
  filters: ListingFilters;
};

/** The parsed query, or the name of the first parameter it refuses. */
export function parseProductsQuery(
  params: URLSearchParams,
): { ok: true; value: ProductsRequest } | { ok: false; param: string } {
  const parsed = productsQuerySchema.safeParse(queryFields(params));
  if (!parsed.success) {
    return { ok: false, param: String(parsed.error.issues[0]?.path[0] ?? 'query') };
  }
  const q = parsed.data;
  if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) {
    return { ok: false, param: 'min_price' };
  }
  const filters: ListingFilters = {};
  if (q.min_price !== undefined) filters.minPrice = q.min_price;
  if (q.max_price !== undefined) filters.maxPrice = q.max_price;
  if (q.on_sale === 'true' || q.on_sale === '1') filters.onSale = true;
  if (q.stock_status) filters.stockStatus = [...new Set(q.stock_status)];
  if (q.attributes) {
    filters.attributes = q.attributes.map((a): AttributeFilter => ({
      attribute: a.attribute,
      terms: a.slug ?? [],
      ...(a.term_id ? { termIds: a.term_id } : {}),
    }));
  }
  const search = q.search?.trim();
  return {
    ok: true,
    value: {
      page: q.page ?? 1,
      perPage: q.per_page ?? 10,
      // WooCommerce's defaults: orderby date, order desc.
      sort: { key: q.orderby ?? 'date', direction: q.order ?? 'desc' },
      ...(search ? { search } : {}),
      ...(q.category
        ? {
            category: /^\d+$/.test(q.category) ? { id: Number(q.category) } : { slug: q.category },
          }
        : {}),
      filters,
    },
  };
}
