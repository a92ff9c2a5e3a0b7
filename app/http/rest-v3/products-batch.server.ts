import { z } from 'zod';
import { type DomainError, type Result, domainError } from '#app/domain/kernel/result.ts';
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

async function runBatch(ctx: RestContext<Batch>) {
  const { db, env, url, input, principal, t } = ctx;
  const total =
    (input.create?.length ?? 0) + (input.update?.length ?? 0) + (input.delete?.length ?? 0);
  if (total > BATCH_LIMIT) {
    return {
      ok: false,
      error: domainError('too_large', 'rest.error.batch_too_large', { max: BATCH_LIMIT }),
    } as Result<never>;
  }
  const json = await jsonContext(db, url, env);
  const answer = <T>(result: Result<T>, id: number) =>
    result.ok ? result.value : itemError(id, result.error, t);
  const body: Record<string, unknown[]> = {};
  if (input.create) {
    body.create = [];
    for (const item of input.create) {
      const parsed = productSchema.safeParse(item);
      body.create.push(
        parsed.success
          ? answer(await createFromBody(db, parsed.data, json, principal.actor), 0)
          : itemError(0, invalidParam(parsed.error.issues[0]), t),
      );
    }
  }
  if (input.update) {
    body.update = [];
    for (const item of input.update) {
      const id = itemId.safeParse((item as { id?: unknown } | null)?.id);
      const parsed = productSchema.safeParse(item);
      if (!id.success) {
        body.update.push(itemError(0, domainError('not_found', 'catalog.error.no_product'), t));
      } else if (!parsed.success) {
        body.update.push(itemError(id.data, invalidParam(parsed.error.issues[0]), t));
      } else {
        const { id: _id, ...fields } = parsed.data;
        body.update.push(
          answer(await updateFromBody(db, id.data, fields, json, principal.actor), id.data),
        );
      }
    }
  }
  if (input.delete) {
    body.delete = [];
    for (const item of input.delete) {
      const id = itemId.safeParse(item);
      // As WooCommerce: a batch deletes for good.
      body.delete.push(
        id.success
          ? answer(await deleteById(db, id.data, true, json, principal.actor), id.data)
          : itemError(0, domainError('not_found', 'catalog.error.no_product'), t),
      );
    }
  }
  return { ok: true, value: { body } } as const;
}

const batchHandler = restHandler({ schema: batchSchema, handle: runBatch });

/** `POST|PUT|PATCH /wp-json/wc/v3/products/batch` */
export const productsBatchRoute = defineRestRoute({
  POST: batchHandler,
  PUT: batchHandler,
  PATCH: batchHandler,
});
