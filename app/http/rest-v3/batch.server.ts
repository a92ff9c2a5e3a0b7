import { z } from 'zod';
import { type DomainError, type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { TextKey, Translate } from '#app/lib/i18n.ts';
import { STATUS_OF_KIND } from '../status.ts';
import { REST_V3_CODES } from './codes.ts';
import { type RestContext, defineRestRoute, restHandler } from './endpoint.server.ts';
import { productSchema } from './product-input.ts';
import { jsonContext } from './product-context.server.ts';
import { createFromBody, deleteById, updateFromBody } from './products.server.ts';

/** WooCommerce's default limit of a batch (`woocommerce_rest_batch_items_limit`). */
export const BATCH_LIMIT = 100;

const batchSchema = z.object({
  create: z.array(z.unknown()).optional(),
  update: z.array(z.unknown()).optional(),
  delete: z.array(z.unknown()).optional(),
});

type Batch = z.infer<typeof batchSchema>;

/** One item's failure, as WooCommerce puts it in a batch answer. */
export function itemError(id: number, error: DomainError, t: Translate) {
  const status = STATUS_OF_KIND[error.kind];
  return {
    id,
    error: {
      code: REST_V3_CODES.codes[error.code] ?? REST_V3_CODES.fallback(error),
      message: t(error.code as TextKey, error.params),
      data: { status },
    },
  };
}

const invalidParam = (issue: z.core.$ZodIssue | undefined) =>
  domainError('invalid', 'error.invalid_param', { param: String(issue?.path[0] ?? '') });

const itemId = z.union([
  z.number().int().min(1).max(2_147_483_647),
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number),
]);

/** What a batch does with one item of each kind; each answers the object or a failure. */
export type BatchOps<B, C = B> = {
  schema: z.ZodType<B>;
  /** The fields of a `create` item, when they differ from an update's. */
  createSchema?: z.ZodType<C>;
  /** The code of an id that names nothing. */
  notFound: string;
  create: (ctx: RestContext<Batch>, body: C) => Promise<Result<unknown>>;
  update: (ctx: RestContext<Batch>, id: number, body: B) => Promise<Result<unknown>>;
  delete: (ctx: RestContext<Batch>, id: number) => Promise<Result<unknown>>;
  /** A check of the caller before any item (the whole batch refused). */
  allowed?: (ctx: RestContext<Batch>) => Promise<Result<unknown>>;
};

async function runBatch<B, C>(ctx: RestContext<Batch>, ops: BatchOps<B, C>) {
  const { input, t } = ctx;
  const allowed = ops.allowed ? await ops.allowed(ctx) : null;
  if (allowed && !allowed.ok) return allowed;
  const total =
    (input.create?.length ?? 0) + (input.update?.length ?? 0) + (input.delete?.length ?? 0);
  if (total > BATCH_LIMIT) {
    return fail(domainError('too_large', 'rest.error.batch_too_large', { max: BATCH_LIMIT }));
  }
  const answer = (result: Result<unknown>, id: number) =>
    result.ok ? result.value : itemError(id, result.error, t);
  const missing = (id: number) => itemError(id, domainError('not_found', ops.notFound), t);
  const body: Record<string, unknown[]> = {};
  if (input.create) {
    body.create = [];
    for (const item of input.create) {
      const parsed = (ops.createSchema ?? (ops.schema as unknown as z.ZodType<C>)).safeParse(item);
      body.create.push(
        parsed.success
          ? answer(await ops.create(ctx, parsed.data), 0)
          : itemError(0, invalidParam(parsed.error.issues[0]), t),
      );
    }
  }
  if (input.update) {
    body.update = [];
    for (const item of input.update) {
      const id = itemId.safeParse((item as { id?: unknown } | null)?.id);
      const parsed = ops.schema.safeParse(item);
      if (!id.success) body.update.push(missing(0));
      else if (!parsed.success) {
        body.update.push(itemError(id.data, invalidParam(parsed.error.issues[0]), t));
      } else body.update.push(answer(await ops.update(ctx, id.data, parsed.data), id.data));
    }
  }
  if (input.delete) {
    body.delete = [];
    for (const item of input.delete) {
      const id = itemId.safeParse(item);
      body.delete.push(id.success ? answer(await ops.delete(ctx, id.data), id.data) : missing(0));
    }
  }
  return ok({ body });
}

/** A batch route over these operations: `POST|PUT|PATCH …/batch`. */
export function defineBatchRoute<B, C = B>(ops: BatchOps<B, C>) {
  const handler = restHandler({
    schema: batchSchema,
    handle: (ctx: RestContext<Batch>) => runBatch(ctx, ops),
  });
  return defineRestRoute({ POST: handler, PUT: handler, PATCH: handler });
}

/** `POST|PUT|PATCH /wp-json/wc/v3/products/batch`; as WooCommerce, a batch deletes for good. */
export const productsBatchRoute = defineBatchRoute({
  schema: productSchema,
  notFound: 'catalog.error.no_product',
  create: async ({ db, env, url, principal }, body) =>
    createFromBody(db, body, await jsonContext(db, url, env), principal.actor),
  update: async ({ db, env, url, principal }, id, body) => {
    const { id: _id, ...fields } = body;
    return updateFromBody(db, id, fields, await jsonContext(db, url, env), principal.actor);
  },
  delete: async ({ db, env, url, principal }, id) =>
    deleteById(db, id, true, await jsonContext(db, url, env), principal.actor),
});
