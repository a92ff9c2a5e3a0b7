import { z } from 'zod';
import {
  PRODUCT_STATUSES,
  STOCK_STATUSES,
  type ProductStatus,
} from '#app/domain/catalog/catalog.schema.ts';
import { findProducts, productRecord } from '#app/domain/catalog/product-records.server.ts';
import {
  createProduct,
  deleteProduct,
  updateProduct,
} from '#app/domain/catalog/product-writes.server.ts';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import type { ProductPatch } from '#app/domain/catalog/product-patch.ts';
import { linkedAttributes } from '#app/domain/catalog/variations-admin.server.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import { type RestContext, defineRestRoute, restHandler } from './endpoint.server.ts';
import { pagingHeaders, routeId } from './orders.server.ts';
import {
  type VariationAxis,
  defaultAttributesPatch,
  jsonContext,
  productBodyPatch,
} from './product-context.server.ts';
import { productSchema } from './product-input.ts';
import { type ProductJsonContext, productJson } from './product-json.server.ts';
import { boolParam, idList, idParam, pageParam, perPageParam } from './params.ts';

const priceFilter = z
  .union([z.number().min(0), z.string().regex(/^\d{1,7}(\.\d{1,2})?$/)])
  .transform(Number);

const statusFilter = z
  .union([z.string().max(200), z.array(z.string().max(20)).max(10)])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()))
  .pipe(z.array(z.enum([...PRODUCT_STATUSES, 'any'])))
  .transform((list): ProductStatus[] | null =>
    list.includes('any') ? null : (list as ProductStatus[]),
  );

const listSchema = z.object({
  search: z.string().max(200).optional(),
  sku: z.string().max(100).optional(),
  category: idParam.optional(),
  tag: idParam.optional(),
  status: statusFilter.optional(),
  type: z.enum(['simple', 'variable', 'grouped', 'external']).optional(),
  stock_status: z.enum(STOCK_STATUSES).optional(),
  on_sale: boolParam.optional(),
  min_price: priceFilter.optional(),
  max_price: priceFilter.optional(),
  include: idList.optional(),
  exclude: idList.optional(),
  page: pageParam.default(1),
  per_page: perPageParam.default(10),
  orderby: z
    .enum([
      'date',
      'id',
      'include',
      'title',
      'slug',
      'price',
      'popularity',
      'rating',
      'menu_order',
      'modified',
    ])
    .default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

const invalidId = () => notFound('catalog.error.no_product');

/** The product as the API answers it, read again after a change. */
export async function productAnswer(
  db: Tx,
  id: number,
  ctx: ProductJsonContext,
): Promise<Result<ReturnType<typeof productJson>>> {
  const record = await productRecord(db, id);
  return record ? ok(productJson(record, ctx)) : fail(invalidId());
}

type ProductBody = z.infer<typeof productSchema>;

/**
 * Sets the patch's default attributes from the body's, checked against the variation
 * attributes the product has after the change (only a variable product has any).
 */
async function withDefaults(
  db: Tx,
  body: ProductBody,
  patch: ProductPatch,
  type: string,
  current: () => Promise<VariationAxis[]>,
): Promise<Result<ProductPatch>> {
  if (body.default_attributes === undefined) return ok(patch);
  const axes =
    type !== 'variable'
      ? []
      : patch.attributes
        ? patch.attributes.filter((a) => a.usedForVariations)
        : await current();
  const defaults = await defaultAttributesPatch(db, body.default_attributes, axes);
  return defaults.ok ? ok({ ...patch, defaultAttributes: defaults.value }) : defaults;
}

const variationAxes = async (db: Tx, id: number) =>
  (await linkedAttributes(db, id)).filter((a) => a.usedForVariations);

/** Creates one product: the list's POST and a batch's `create` item. */
export async function createFromBody(
  db: Tx,
  body: ProductBody,
  ctx: ProductJsonContext,
  actor: Actor,
) {
  if (body.id !== undefined) return fail(domainError('invalid', 'catalog.error.product_exists'));
  const made = await productBodyPatch(db, body, ctx);
  if (!made.ok) return made;
  const patch = await withDefaults(db, body, made.value, body.type ?? 'simple', async () => []);
  if (!patch.ok) return patch;
  const created = await createProduct(db, body.type ?? 'simple', patch.value, actor);
  if (!created.ok) return created;
  return productAnswer(db, created.value.id, ctx);
}

/** Changes one product: the item's PUT and a batch's `update` item. */
export async function updateFromBody(
  db: Tx,
  id: number,
  body: ProductBody,
  ctx: ProductJsonContext,
  actor: Actor,
) {
  const made = await productBodyPatch(db, body, ctx);
  if (!made.ok) return made;
  let patch: Result<ProductPatch> = made;
  if (body.type !== undefined || body.default_attributes !== undefined) {
    const record = await productRecord(db, id);
    if (!record) return fail(invalidId());
    if (body.type !== undefined && record.row.type !== body.type) {
      return fail(domainError('invalid', 'catalog.error.type_change'));
    }
    patch = await withDefaults(db, body, made.value, record.row.type, () => variationAxes(db, id));
    if (!patch.ok) return patch;
  }
  const updated = await updateProduct(db, id, patch.value, actor);
  if (!updated.ok) return updated;
  return productAnswer(db, id, ctx);
}

/** Deletes or trashes one product, answering it as it was. */
export async function deleteById(
  db: Tx,
  id: number,
  force: boolean,
  ctx: ProductJsonContext,
  actor: Actor,
) {
  const before = await productAnswer(db, id, ctx);
  if (!before.ok) return before;
  const deleted = await deleteProduct(db, id, force, actor);
  if (!deleted.ok) return deleted;
  return force ? before : productAnswer(db, id, ctx);
}

/** `GET|POST /wp-json/wc/v3/products` */
export const productsRoute = defineRestRoute({
  GET: restHandler({
    schema: listSchema,
    handle: async ({ db, env, input, url }) => {
      const ctx = await jsonContext(db, url, env);
      const cents = (value: number | undefined) =>
        value === undefined ? undefined : Math.round(value * 10 ** minorUnit(ctx.currency));
      const { records, total } = await findProducts(db, {
        search: input.search,
        sku: input.sku,
        categoryId: input.category,
        statuses: input.status ?? null,
        type: input.type,
        stockStatus: input.stock_status,
        onSale: input.on_sale,
        minPrice: cents(input.min_price),
        maxPrice: cents(input.max_price),
        include: input.include,
        exclude: input.exclude,
        tagId: input.tag,
        page: input.page,
        perPage: input.per_page,
        orderBy: input.orderby,
        order: input.order,
        locale: ctx.locale,
      });
      return ok({
        body: records.map((r) => productJson(r, ctx)),
        headers: pagingHeaders(url, env.SHOP_URL, total, input.page, input.per_page),
      });
    },
  }),
  POST: restHandler({
    schema: productSchema,
    handle: async ({ db, env, input, url, principal }) => {
      const ctx = await jsonContext(db, url, env);
      const created = await createFromBody(db, input, ctx, principal.actor);
      return created.ok ? ok({ body: created.value, status: 201 }) : created;
    },
  }),
});

const updateHandler = restHandler({
  schema: productSchema,
  handle: async ({ db, env, input, url, params, principal }: RestContext<ProductBody>) => {
    const id = routeId(params.id);
    if (id === null) return fail(notFound('rest.error.no_route'));
    const ctx = await jsonContext(db, url, env);
    const updated = await updateFromBody(db, id, input, ctx, principal.actor);
    return updated.ok ? ok({ body: updated.value }) : updated;
  },
});

/** `GET|PUT|POST|PATCH|DELETE /wp-json/wc/v3/products/{id}` */
export const productRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, url, params }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const answer = await productAnswer(db, id, await jsonContext(db, url, env));
      return answer.ok ? ok({ body: answer.value }) : answer;
    },
  }),
  PUT: updateHandler,
  POST: updateHandler,
  PATCH: updateHandler,
  DELETE: restHandler({
    schema: z.object({ force: boolParam.optional() }),
    handle: async ({ db, env, url, input, params, principal }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const ctx = await jsonContext(db, url, env);
      const deleted = await deleteById(db, id, input.force ?? false, ctx, principal.actor);
      return deleted.ok ? ok({ body: deleted.value }) : deleted;
    },
  }),
});
