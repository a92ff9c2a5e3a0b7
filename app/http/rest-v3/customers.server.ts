// Customer accounts through the REST API v3 (`/wp-json/wc/v3/customers`) in WooCommerce's shapes.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ADDRESS_FIELDS } from '#app/domain/customers/address-countries.ts';
import { emailSchema, passwordSchema } from '#app/domain/customers/customers.validation.ts';
import { domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import {
  type ApiCustomer,
  type ApiCustomerInput,
  apiCustomer,
  apiCustomerPage,
  createApiCustomer,
  deleteApiCustomer,
  updateApiCustomer,
} from '#app/domain/privacy/api-customers.server.ts';
import { defineBatchRoute } from './batch.server.ts';
import { type RestContext, defineRestRoute, restHandler } from './endpoint.server.ts';
import { dates } from './order-json.server.ts';
import { pagingHeaders, routeId } from './orders.server.ts';
import { boolParam, idList, pageParam, perPageParam } from './params.ts';

const BILLING_FIELDS = [...ADDRESS_FIELDS, 'email'] as const;

function addressJson(stored: Partial<Record<string, string>>, fields: readonly string[]) {
  return Object.fromEntries(fields.map((f) => [f, stored[f] ?? '']));
}

/** WooCommerce's avatar: the Gravatar of the address (a client decides whether to load it). */
function avatarUrl(email: string): string {
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?s=96&d=mm&r=g`;
}

export function customerJson(row: ApiCustomer, base: string) {
  const href = `${base}/wp-json/wc/v3/customers`;
  return {
    id: row.id,
    ...dates('date_created', row.createdAt),
    ...dates('date_modified', row.updatedAt),
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    username: row.displayName,
    billing: addressJson(row.billingAddress, BILLING_FIELDS),
    shipping: addressJson(row.shippingAddress, ADDRESS_FIELDS),
    is_paying_customer: row.paying,
    avatar_url: avatarUrl(row.email),
    meta_data: [],
    _links: { self: [{ href: `${href}/${row.id}` }], collection: [{ href }] },
  };
}

const text = (max: number) => z.string().max(max);
const addressSchema = (fields: readonly string[]) =>
  z
    .object(Object.fromEntries(fields.map((f) => [f, text(f === 'email' ? 254 : 200)])))
    .partial()
    .strip();

/** What a create or update may carry; read-only fields a client echoes back are ignored. */
const customerSchema = z
  .object({
    id: z.unknown().optional(),
    email: emailSchema.optional(),
    first_name: text(100).optional(),
    last_name: text(100).optional(),
    username: text(100).optional(),
    password: passwordSchema.optional(),
    billing: addressSchema(BILLING_FIELDS).optional(),
    shipping: addressSchema(ADDRESS_FIELDS).optional(),
    meta_data: z.array(z.unknown()).max(100).optional(),
  })
  .passthrough();
type CustomerBody = z.infer<typeof customerSchema>;

function domainInput(body: CustomerBody): ApiCustomerInput {
  return {
    email: body.email,
    firstName: body.first_name?.trim(),
    lastName: body.last_name?.trim(),
    password: body.password,
    billing: body.billing as ApiCustomerInput['billing'],
    shipping: body.shipping as ApiCustomerInput['shipping'],
  };
}

type Ctx = Pick<RestContext<unknown>, 'db' | 'env' | 'principal'>;

async function create({ db, env, principal }: Ctx, body: CustomerBody) {
  if (body.id !== undefined) return fail(domainError('invalid', 'rest.error.customer_exists'));
  if (!body.email) return fail(domainError('invalid', 'rest.error.customer_email_missing'));
  const created = await createApiCustomer(
    db,
    { ...domainInput(body), email: body.email },
    principal.actor,
  );
  return created.ok ? ok(customerJson(created.value, env.SHOP_URL)) : created;
}

async function update({ db, env, principal }: Ctx, id: number, body: CustomerBody) {
  const before = await apiCustomer(db, id);
  if (!before) return fail(notFound('rest.error.customer_invalid_id'));
  // The account's name for signing in is not changed through the API.
  if (body.username !== undefined && body.username !== before.displayName) {
    return fail(domainError('invalid', 'rest.error.customer_username'));
  }
  const updated = await updateApiCustomer(db, id, domainInput(body), principal.actor);
  return updated.ok ? ok(customerJson(updated.value, env.SHOP_URL)) : updated;
}

async function remove({ db, env, principal }: Ctx, id: number) {
  const deleted = await deleteApiCustomer(db, id, principal.actor);
  return deleted.ok ? ok(customerJson(deleted.value, env.SHOP_URL)) : deleted;
}

const ROLES = ['all', 'customer', 'shop_manager', 'administrator'] as const;

/** `GET|POST /wp-json/wc/v3/customers` */
export const customersRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({
      search: z.string().max(200).optional(),
      email: z.string().max(254).optional(),
      role: z.enum(ROLES).default('customer'),
      include: idList.optional(),
      exclude: idList.optional(),
      orderby: z.enum(['id', 'include', 'name', 'registered_date']).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
      page: pageParam.default(1),
      per_page: perPageParam.default(10),
      offset: z
        .union([z.number().int(), z.string().regex(/^\d{1,9}$/)])
        .transform(Number)
        .pipe(z.number().int().min(0))
        .optional(),
      context: z.enum(['view', 'edit']).optional(),
    }),
    handle: async ({ db, env, url, input }) => {
      const offset = input.offset ?? (input.page - 1) * input.per_page;
      const { rows, total } = await apiCustomerPage(db, {
        search: input.search?.trim() || undefined,
        email: input.email?.trim() || undefined,
        role: input.role === 'all' ? null : input.role,
        include: input.include,
        exclude: input.exclude,
        orderby: input.orderby,
        order: input.order,
        limit: input.per_page,
        offset,
      });
      const page = Math.floor(offset / input.per_page) + 1;
      return ok({
        body: rows.map((row) => customerJson(row, env.SHOP_URL)),
        headers: pagingHeaders(url, env.SHOP_URL, total, page, input.per_page),
      });
    },
  }),
  POST: restHandler({
    schema: customerSchema,
    handle: async (ctx) => {
      const created = await create(ctx, ctx.input as CustomerBody);
      return created.ok ? ok({ body: created.value, status: 201 }) : created;
    },
  }),
});

const updateHandler = restHandler({
  schema: customerSchema,
  handle: async (ctx) => {
    const id = routeId(ctx.params.id);
    if (id === null) return fail(notFound('rest.error.customer_invalid_id'));
    const updated = await update(ctx, id, ctx.input as CustomerBody);
    return updated.ok ? ok({ body: updated.value }) : updated;
  },
});

/** `GET|PUT|DELETE /wp-json/wc/v3/customers/{id}` */
export const customerRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({ context: z.enum(['view', 'edit']).optional() }),
    handle: async ({ db, env, params }) => {
      const id = routeId(params.id);
      const row = id === null ? null : await apiCustomer(db, id);
      if (!row) return fail(notFound('rest.error.customer_invalid_id'));
      return ok({ body: customerJson(row, env.SHOP_URL) });
    },
  }),
  PUT: updateHandler,
  PATCH: updateHandler,
  POST: updateHandler,
  DELETE: restHandler({
    schema: z.object({ force: boolParam.optional(), reassign: z.unknown().optional() }),
    handle: async (ctx) => {
      const id = routeId(ctx.params.id);
      if (id === null) return fail(notFound('rest.error.customer_invalid_id'));
      // As WooCommerce: customers cannot be trashed, only deleted for good.
      if (!ctx.input.force) return fail(domainError('invalid', 'rest.error.customer_trash'));
      const deleted = await remove(ctx, id);
      return deleted.ok ? ok({ body: deleted.value }) : deleted;
    },
  }),
});

/** `POST|PUT|PATCH /wp-json/wc/v3/customers/batch`; a batch deletes for good. */
export const customersBatchRoute = defineBatchRoute({
  schema: customerSchema,
  notFound: 'rest.error.customer_invalid_id',
  create: (ctx, body) => create(ctx, body),
  update: (ctx, id, body) => update(ctx, id, body),
  delete: (ctx, id) => remove(ctx, id),
});
