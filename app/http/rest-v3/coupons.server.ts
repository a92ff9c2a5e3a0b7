// Coupons through the REST API v3 (`/wp-json/wc/v3/coupons`), in WooCommerce's shapes.
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { berlinDay } from '#app/domain/catalog/product-editor.rules.ts';
import {
  type CouponFields,
  EMPTY_COUPON,
  emailList,
  storedCode,
} from '#app/domain/coupons/admin-coupons.rules.ts';
import {
  type CouponRow,
  type CouponWrite,
  createCoupon,
  deleteCoupon,
  findCoupon,
  refusalError,
  restCouponList,
  updateCoupon,
} from '#app/domain/coupons/admin-coupons.server.ts';
import { COUPON_KINDS } from '#app/domain/coupons/admin-coupons.view.ts';
import { couponUses } from '#app/domain/coupons/coupons.schema.ts';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import { defineBatchRoute } from './batch.server.ts';
import { defineRestRoute, restHandler } from './endpoint.server.ts';
import { dates } from './order-json.server.ts';
import { pagingHeaders, routeId } from './orders.server.ts';
import { boolParam, idList, pageParam, perPageParam } from './params.ts';
import { deleteSchema, noTrash } from './taxonomies.server.ts';

const noCoupon = () => notFound('admin.coupons.error.not_found');

/** Money and percentages as WooCommerce prints them: a string with two decimals. */
const decimal = (minor: number | null) => ((minor ?? 0) / 100).toFixed(2);

export function couponJson(row: CouponRow, usedBy: string[], base: string) {
  const href = `${base}/wp-json/wc/v3/coupons`;
  return {
    id: row.id,
    code: row.code,
    amount: decimal(row.amount),
    status: 'publish',
    ...dates('date_created', row.createdAt),
    // The shop keeps no time of the last change on the row; the audit log has it.
    ...dates('date_modified', row.createdAt),
    discount_type: row.kind,
    description: row.description,
    ...dates('date_expires', row.expiresAt),
    usage_count: row.usageCount,
    individual_use: row.individualUse,
    product_ids: row.productIds,
    excluded_product_ids: row.excludedProductIds,
    usage_limit: row.usageLimit,
    usage_limit_per_user: row.usageLimitPerCustomer,
    limit_usage_to_x_items: row.itemLimit,
    free_shipping: row.freeShipping,
    product_categories: row.categoryIds,
    excluded_product_categories: row.excludedCategoryIds,
    exclude_sale_items: row.excludeSaleItems,
    minimum_amount: decimal(row.minimumSpend),
    maximum_amount: decimal(row.maximumSpend),
    email_restrictions: row.allowedEmails,
    used_by: usedBy,
    meta_data: [],
    _links: { self: [{ href: `${href}/${row.id}` }], collection: [{ href }] },
  };
}

/** Who used each coupon, as WooCommerce lists it: customer ids, else billing e-mails. */
async function usedBy(db: Tx, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      couponId: couponUses.couponId,
      who: sql<string>`coalesce(${couponUses.customerId}::text, ${couponUses.email}, '')`,
    })
    .from(couponUses)
    .where(inArray(couponUses.couponId, ids))
    .orderBy(couponUses.id);
  for (const r of rows) map.set(r.couponId, [...(map.get(r.couponId) ?? []), r.who]);
  return map;
}

/** One coupon as the API answers it, with who used it. */
export async function oneJson(db: Tx, row: CouponRow, base: string) {
  return couponJson(row, (await usedBy(db, [row.id])).get(row.id) ?? [], base);
}

/** A decimal as JSON number or string, never negative, at most two places: minor units. */
const amountParam = z
  .union([
    z.number().finite().min(0).max(1_000_000),
    z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{0,6})?$/)
      .transform(Number),
  ])
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'two decimals')
  .transform((n) => Math.round(n * 100));

/** Money that may be empty: `""`, `0` and null mean no bound. */
const boundParam = z
  .union([z.null(), z.literal(''), amountParam])
  .transform((v) => (v === null || v === '' || v === 0 ? null : v));

/** A limit: null, 0 or "" mean none, as in WooCommerce. */
const limitParam = z
  .union([
    z.null(),
    z.literal(''),
    z.number().int().min(0).max(1_000_000_000),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .pipe(z.number().int().max(1_000_000_000)),
  ])
  .transform((v) => (v === null || v === '' || v === 0 ? null : v));

/**
 * An expiry: a day (`YYYY-MM-DD`, the last day the coupon works, German time, as the back
 * office's editor takes it) or a moment it stops working (ISO 8601; without a zone, UTC).
 * A day that does not exist (30 February) is refused, not rolled over.
 */
const expiryParam = z.union([
  z.null(),
  z.literal(''),
  z
    .string()
    .max(40)
    .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/)
    .transform((text, ctx) => {
      const day = text.slice(0, 10);
      if (!berlinDay(day)) {
        ctx.addIssue({ code: 'custom', message: 'no such day' });
        return z.NEVER;
      }
      if (text.length === 10) return berlinDay(day, 1)!;
      const date = new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'no such time' });
        return z.NEVER;
      }
      return date;
    }),
]);

const ids = z
  .union([
    z
      .array(z.union([z.number().int().min(1).max(2_147_483_647), z.string().regex(/^\d{1,10}$/)]))
      .max(600),
    z
      .string()
      .max(6000)
      .regex(/^[\d,\s]*$/),
  ])
  .transform((v) =>
    (Array.isArray(v)
      ? v.map(Number)
      : v
          .split(',')
          .filter((s) => s.trim() !== '')
          .map(Number)
    ).filter((n) => n > 0),
  );

const couponSchema = z.object({
  id: z.unknown().optional(),
  code: z.string().max(20_000).optional(),
  amount: amountParam.optional(),
  discount_type: z.enum(COUPON_KINDS).optional(),
  description: z.string().max(20_000).optional(),
  date_expires: expiryParam.optional(),
  date_expires_gmt: expiryParam.optional(),
  individual_use: boolParam.optional(),
  product_ids: ids.optional(),
  excluded_product_ids: ids.optional(),
  usage_limit: limitParam.optional(),
  usage_limit_per_user: limitParam.optional(),
  limit_usage_to_x_items: limitParam.optional(),
  free_shipping: boolParam.optional(),
  product_categories: ids.optional(),
  excluded_product_categories: ids.optional(),
  exclude_sale_items: boolParam.optional(),
  minimum_amount: boundParam.optional(),
  maximum_amount: boundParam.optional(),
  email_restrictions: z
    .union([z.array(z.string().max(300)).max(500), z.string().max(6000)])
    .optional(),
  meta_data: z.array(z.unknown()).max(100).optional(),
});
type CouponBody = z.infer<typeof couponSchema>;

/** The body's fields over the coupon's current ones (all defaults for a new coupon). */
function merged(current: CouponFields, body: CouponBody): Result<CouponFields> {
  const emails = body.email_restrictions;
  const expires = body.date_expires_gmt !== undefined ? body.date_expires_gmt : body.date_expires;
  const kind = body.discount_type ?? current.kind;
  return ok({
    code: body.code === undefined ? current.code : storedCode(body.code),
    description: body.description?.trim() ?? current.description,
    kind,
    amount: body.amount ?? current.amount,
    freeShipping: body.free_shipping ?? current.freeShipping,
    expiresAt: expires === undefined ? current.expiresAt : expires === '' ? null : expires,
    minimumSpend: body.minimum_amount !== undefined ? body.minimum_amount : current.minimumSpend,
    maximumSpend: body.maximum_amount !== undefined ? body.maximum_amount : current.maximumSpend,
    productIds: body.product_ids ?? current.productIds,
    excludedProductIds: body.excluded_product_ids ?? current.excludedProductIds,
    categoryIds: body.product_categories ?? current.categoryIds,
    excludedCategoryIds: body.excluded_product_categories ?? current.excludedCategoryIds,
    usageLimit: body.usage_limit !== undefined ? body.usage_limit : current.usageLimit,
    usageLimitPerCustomer:
      body.usage_limit_per_user !== undefined
        ? body.usage_limit_per_user
        : current.usageLimitPerCustomer,
    individualUse: body.individual_use ?? current.individualUse,
    excludeSaleItems: body.exclude_sale_items ?? current.excludeSaleItems,
    allowedEmails:
      emails === undefined
        ? current.allowedEmails
        : Array.isArray(emails)
          ? emailList(emails.join(','))
          : emailList(emails),
    itemLimit:
      body.limit_usage_to_x_items !== undefined ? body.limit_usage_to_x_items : current.itemLimit,
  });
}

/** A refusal from the coupon's checks as WooCommerce answers it: one code, status 400. */
function written(write: CouponWrite): Result<CouponRow> {
  if (write.ok) return ok(write.value);
  const error = refusalError(write.refusal);
  return fail({ ...error, kind: 'invalid' });
}

export async function createFromBody(
  db: Tx,
  body: CouponBody,
  actor: Actor,
  base: string,
): Promise<Result<unknown>> {
  if (body.code === undefined) {
    return fail(domainError('invalid', 'admin.coupons.error.code_required', { param: 'code' }));
  }
  const fields = merged(EMPTY_COUPON, body);
  if (!fields.ok) return fields;
  const created = written(await createCoupon(db, fields.value, actor));
  return created.ok ? ok(await oneJson(db, created.value, base)) : created;
}

export async function updateFromBody(
  db: Tx,
  id: number,
  body: CouponBody,
  actor: Actor,
  base: string,
): Promise<Result<unknown>> {
  const box: { refused?: Result<never> } = {};
  const saved = await updateCoupon(
    db,
    id,
    (current) => {
      const fields = merged(current, body);
      if (fields.ok) return fields.value;
      box.refused = fields;
      // An invalid code is refused by the checks before anything is written.
      return { ...current, code: '' };
    },
    actor,
  );
  if (box.refused) return box.refused;
  if (!saved) return fail(noCoupon());
  const updated = written(saved);
  return updated.ok ? ok(await oneJson(db, updated.value, base)) : updated;
}

export async function deleteById(
  db: Tx,
  id: number,
  force: boolean,
  actor: Actor,
  base: string,
): Promise<Result<unknown>> {
  const row = await findCoupon(db, id);
  if (!row) return fail(noCoupon());
  // No bin for coupons: as WooCommerce answers for things it cannot trash.
  if (!force) return noTrash();
  const json = await oneJson(db, row, base);
  const deleted = await deleteCoupon(db, id, actor);
  return deleted.ok ? ok(json) : deleted;
}

const listSchema = z.object({
  search: z.string().max(200).optional(),
  code: z.string().max(200).optional(),
  include: idList.optional(),
  exclude: idList.optional(),
  page: pageParam.default(1),
  per_page: perPageParam.default(10),
  offset: z
    .union([
      z.number().int().min(0),
      z
        .string()
        .regex(/^\d{1,7}$/)
        .transform(Number),
    ])
    .optional(),
  orderby: z.enum(['date', 'id', 'include', 'title', 'slug', 'modified']).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
  context: z.enum(['view', 'edit']).optional(),
});

/** `GET|POST /wp-json/wc/v3/coupons` */
export const couponsRoute = defineRestRoute({
  GET: restHandler({
    schema: listSchema,
    handle: async ({ db, env, url, input }) => {
      const { rows, total } = await restCouponList(db, {
        search: input.search?.trim() || undefined,
        code: input.code,
        include: input.include,
        exclude: input.exclude,
        orderby: input.orderby,
        order: input.order,
        offset: input.offset ?? (input.page - 1) * input.per_page,
        limit: input.per_page,
      });
      const users = await usedBy(
        db,
        rows.map((r) => r.id),
      );
      return ok({
        body: rows.map((r) => couponJson(r, users.get(r.id) ?? [], env.SHOP_URL)),
        headers: pagingHeaders(url, env.SHOP_URL, total, input.page, input.per_page),
      });
    },
  }),
  POST: restHandler({
    schema: couponSchema,
    handle: async ({ db, env, input, principal }) => {
      const created = await createFromBody(db, input, principal.actor, env.SHOP_URL);
      return created.ok ? ok({ body: created.value, status: 201 }) : created;
    },
  }),
});

const updateHandler = restHandler({
  schema: couponSchema,
  handle: async ({ db, env, input, params, principal }) => {
    const id = routeId(params.id);
    if (id === null) return fail(notFound('rest.error.no_route'));
    const updated = await updateFromBody(db, id, input, principal.actor, env.SHOP_URL);
    return updated.ok ? ok({ body: updated.value }) : updated;
  },
});

/** `GET|PUT|DELETE /wp-json/wc/v3/coupons/{id}` */
export const couponRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({ context: z.enum(['view', 'edit']).optional() }),
    handle: async ({ db, env, params }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const row = await findCoupon(db, id);
      if (!row) return fail(noCoupon());
      return ok({ body: await oneJson(db, row, env.SHOP_URL) });
    },
  }),
  PUT: updateHandler,
  PATCH: updateHandler,
  POST: updateHandler,
  DELETE: restHandler({
    schema: deleteSchema,
    handle: async ({ db, env, input, params, principal }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const deleted = await deleteById(db, id, input.force ?? false, principal.actor, env.SHOP_URL);
      return deleted.ok ? ok({ body: deleted.value }) : deleted;
    },
  }),
});

/** `POST|PUT|PATCH /wp-json/wc/v3/coupons/batch`; as WooCommerce, a batch deletes for good. */
export const couponsBatchRoute = defineBatchRoute({
  schema: couponSchema,
  notFound: 'admin.coupons.error.not_found',
  create: ({ db, env, principal }, body) => createFromBody(db, body, principal.actor, env.SHOP_URL),
  update: ({ db, env, principal }, id, body) =>
    updateFromBody(db, id, body, principal.actor, env.SHOP_URL),
  delete: ({ db, env, principal }, id) => deleteById(db, id, true, principal.actor, env.SHOP_URL),
});
