// Webhooks through the REST API v3 (`/wp-json/wc/v3/webhooks`), in WooCommerce's shapes.
import { z } from 'zod';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { customerById } from '#app/domain/customers/accounts.server.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { topicHooks, topicParts, type WebhookDraft } from '#app/domain/webhooks/webhooks.rules.ts';
import { WEBHOOK_STATUSES, type WebhookRow } from '#app/domain/webhooks/webhooks.schema.ts';
import { deleteWebhook, findWebhook, listWebhooks } from '#app/domain/webhooks/webhooks.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { saveWebhook } from '../webhooks/manage.server.ts';
import { defineBatchRoute } from './batch.server.ts';
import { type RestContext, defineRestRoute, restHandler } from './endpoint.server.ts';
import { dates } from './order-json.server.ts';
import { pagingHeaders, routeId } from './orders.server.ts';
import { boolParam, dateParam, idList, pageParam, perPageParam } from './params.ts';

/** A webhook as WooCommerce answers it; the secret only in the `edit` context. */
export function webhookJson(row: WebhookRow, base: string, withSecret: boolean) {
  const { resource, event } = topicParts(row.topic);
  const href = `${base}/wp-json/wc/v3/webhooks`;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    topic: row.topic,
    resource,
    event,
    hooks: topicHooks(row.topic),
    delivery_url: row.deliveryUrl,
    ...(withSecret ? { secret: row.secret } : {}),
    ...dates('date_created', row.createdAt),
    ...dates('date_modified', row.updatedAt),
    _links: { self: [{ href: `${href}/${row.id}` }], collection: [{ href }] },
  };
}

const invalidId = () => notFound('admin.webhooks.error.not_found');
const context = z.enum(['view', 'edit']).optional();

/** Webhooks carry secrets and reach outside: administrators' keys only (the back office's rule). */
async function administrator(db: Tx, customerId: number): Promise<Result<true>> {
  const owner = await customerById(db, customerId);
  if (owner?.role !== 'administrator')
    return fail(domainError('forbidden', 'rest.error.cannot_view'));
  return ok(true);
}

const webhookFields = z.object({
  id: z.unknown().optional(),
  name: z.string().max(200).optional(),
  status: z.enum(WEBHOOK_STATUSES).optional(),
  topic: z.string().max(100).optional(),
  secret: z.string().max(200).optional(),
  delivery_url: z.string().max(2_000).optional(),
  context,
});
type WebhookBody = z.infer<typeof webhookFields>;

const draftOf = (body: WebhookBody): WebhookDraft => ({
  name: body.name,
  status: body.status,
  topic: body.topic,
  secret: body.secret,
  deliveryUrl: body.delivery_url,
});

async function create(db: Tx, env: Env, body: WebhookBody, actor: Actor) {
  if (body.id !== undefined) return fail(domainError('invalid', 'admin.webhooks.error.exists'));
  if (body.topic === undefined) return fail(domainError('invalid', 'admin.webhooks.error.topic'));
  if (body.delivery_url === undefined) {
    return fail(domainError('invalid', 'admin.webhooks.error.url'));
  }
  const saved = await saveWebhook(db, env, null, draftOf(body), actor);
  return saved.ok ? ok(webhookJson(saved.value, env.SHOP_URL, true)) : saved;
}

async function update(db: Tx, env: Env, id: number, body: WebhookBody, actor: Actor) {
  const saved = await saveWebhook(db, env, id, draftOf(body), actor);
  return saved.ok ? ok(webhookJson(saved.value, env.SHOP_URL, true)) : saved;
}

async function remove(db: Tx, env: Env, id: number, actor: Actor) {
  const deleted = await deleteWebhook(db, id, actor);
  return deleted.ok ? ok(webhookJson(deleted.value, env.SHOP_URL, false)) : deleted;
}

const listSchema = z.object({
  context,
  page: pageParam.default(1),
  per_page: perPageParam.default(10),
  offset: z.union([z.number().int().min(0), z.string().regex(/^\d{1,6}$/)]).optional(),
  search: z.string().max(200).optional(),
  after: dateParam.optional(),
  before: dateParam.optional(),
  include: idList.optional(),
  exclude: idList.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  orderby: z.enum(['date', 'id', 'title']).default('date'),
  status: z.enum(['all', ...WEBHOOK_STATUSES]).default('all'),
});

/** `GET|POST /wp-json/wc/v3/webhooks` */
export const webhooksRoute = defineRestRoute({
  GET: restHandler({
    schema: listSchema,
    handle: async ({ db, env, url, input, principal }) => {
      const allowed = await administrator(db, principal.customerId);
      if (!allowed.ok) return allowed;
      const needle = input.search?.toLowerCase();
      // Webhooks are few: filtered and sorted here rather than in SQL.
      const all = (
        await listWebhooks(db, input.status === 'all' ? {} : { status: input.status })
      ).filter(
        (w) =>
          (!needle || w.name.toLowerCase().includes(needle)) &&
          (!input.include?.length || input.include.includes(w.id)) &&
          !input.exclude?.includes(w.id) &&
          (!input.after || w.createdAt > input.after) &&
          (!input.before || w.createdAt < input.before),
      );
      const key = (w: WebhookRow) =>
        input.orderby === 'title'
          ? w.name.toLowerCase()
          : input.orderby === 'id'
            ? w.id
            : +w.createdAt;
      all.sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
        return input.order === 'asc' ? order : -order;
      });
      const from =
        input.offset !== undefined ? Number(input.offset) : (input.page - 1) * input.per_page;
      const withSecret = input.context === 'edit';
      return ok({
        body: all
          .slice(from, from + input.per_page)
          .map((w) => webhookJson(w, env.SHOP_URL, withSecret)),
        headers: pagingHeaders(url, env.SHOP_URL, all.length, input.page, input.per_page),
      });
    },
  }),
  POST: restHandler({
    schema: webhookFields,
    handle: async ({ db, env, input, principal }) => {
      const allowed = await administrator(db, principal.customerId);
      if (!allowed.ok) return allowed;
      const created = await create(db, env, input, principal.actor);
      return created.ok ? ok({ body: created.value, status: 201 }) : created;
    },
  }),
});

const updateHandler = restHandler({
  schema: webhookFields,
  handle: async ({ db, env, input, params, principal }: RestContext<WebhookBody>) => {
    const allowed = await administrator(db, principal.customerId);
    if (!allowed.ok) return allowed;
    const id = routeId(params.id);
    if (id === null) return fail(invalidId());
    const updated = await update(db, env, id, input, principal.actor);
    return updated.ok ? ok({ body: updated.value }) : updated;
  },
});

/** `GET|PUT|DELETE /wp-json/wc/v3/webhooks/{id}` */
export const webhookRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({ context }),
    handle: async ({ db, env, input, params, principal }) => {
      const allowed = await administrator(db, principal.customerId);
      if (!allowed.ok) return allowed;
      const id = routeId(params.id);
      const row = id === null ? null : await findWebhook(db, id);
      if (!row) return fail(invalidId());
      return ok({ body: webhookJson(row, env.SHOP_URL, input.context === 'edit') });
    },
  }),
  PUT: updateHandler,
  PATCH: updateHandler,
  POST: updateHandler,
  DELETE: restHandler({
    schema: z.object({ force: boolParam.optional() }),
    handle: async ({ db, env, input, params, principal }) => {
      const allowed = await administrator(db, principal.customerId);
      if (!allowed.ok) return allowed;
      const id = routeId(params.id);
      if (id === null || !(await findWebhook(db, id))) return fail(invalidId());
      if (!input.force) return fail(domainError('invalid', 'admin.webhooks.error.no_trash'));
      const deleted = await remove(db, env, id, principal.actor);
      return deleted.ok ? ok({ body: deleted.value }) : deleted;
    },
  }),
});

/** `POST|PUT|PATCH /wp-json/wc/v3/webhooks/batch`; a batch deletes for good. */
export const webhooksBatchRoute = defineBatchRoute({
  schema: webhookFields,
  notFound: 'admin.webhooks.error.not_found',
  allowed: ({ db, principal }) => administrator(db, principal.customerId),
  create: ({ db, env, principal }, body) => create(db, env, body, principal.actor),
  update: ({ db, env, principal }, id, body) =>
    update(db, env, id, { ...body, id: undefined }, principal.actor),
  delete: ({ db, env, principal }, id) => remove(db, env, id, principal.actor),
});
