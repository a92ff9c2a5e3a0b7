import { z } from 'zod';
import { variationRecords } from '#app/domain/catalog/product-records.server.ts';
import {
  createVariation,
  deleteProduct,
  updateProduct,
} from '#app/domain/catalog/product-writes.server.ts';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { type Result, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { defineBatchRoute } from './batch.server.ts';
import { type RestContext, defineRestRoute, restHandler } from './endpoint.server.ts';
import { pagingHeaders, routeId } from './orders.server.ts';
import { jsonContext, variationBodyPatch } from './product-context.server.ts';
import { type VariationBody, variationSchema } from './product-input.ts';
import { type ProductJsonContext, variationJson } from './product-json.server.ts';
import { boolParam, pageParam, perPageParam } from './params.ts';

const noProduct = () => notFound('catalog.error.no_product');
const noVariation = () => notFound('catalog.error.no_variation');

async function variationAnswer(
  db: Tx,
  parentId: number,
  id: number,
  ctx: ProductJsonContext,
): Promise<Result<ReturnType<typeof variationJson>>> {
  const records = await variationRecords(db, parentId, id);
  if (records === null) return fail(noProduct());
  const [record] = records;
  return record ? ok(variationJson(record, ctx)) : fail(noVariation());
}

/** The route's ids, or the failure to answer with. */
function ids(params: Record<string, string | undefined>) {
  const parentId = routeId(params.id);
  const id = params.variationId === undefined ? undefined : routeId(params.variationId);
  if (parentId === null || id === null) return null;
  return { parentId, id };
}

export async function createVariationFromBody(
  db: Tx,
  parentId: number,
  body: VariationBody,
  ctx: ProductJsonContext,
  actor: Actor,
) {
  const patch = await variationBodyPatch(db, body, ctx);
  if (!patch.ok) return patch;
  const created = await createVariation(db, parentId, patch.value, actor);
  if (!created.ok) return created;
  return variationAnswer(db, parentId, created.value.id, ctx);
}

/** `GET|POST /wp-json/wc/v3/products/{id}/variations` */
export const variationsRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({ page: pageParam.default(1), per_page: perPageParam.default(10) }),
    handle: async ({ db, env, url, input, params }) => {
      const route = ids(params);
      if (!route) return fail(notFound('rest.error.no_route'));
      const records = await variationRecords(db, route.parentId);
      if (records === null) return fail(noProduct());
      const ctx = await jsonContext(db, url, env);
      const start = (input.page - 1) * input.per_page;
      return ok({
        body: records.slice(start, start + input.per_page).map((r) => variationJson(r, ctx)),
        headers: pagingHeaders(url, env.SHOP_URL, records.length, input.page, input.per_page),
      });
    },
  }),
  POST: restHandler({
    schema: variationSchema,
    handle: async ({ db, env, url, input, params, principal }) => {
      const route = ids(params);
      if (!route) return fail(notFound('rest.error.no_route'));
      const ctx = await jsonContext(db, url, env);
      const created = await createVariationFromBody(
        db,
        route.parentId,
        input,
        ctx,
        principal.actor,
      );
      return created.ok ? ok({ body: created.value, status: 201 }) : created;
    },
  }),
});

const updateHandler = restHandler({
  schema: variationSchema,
  handle: async ({ db, env, url, input, params, principal }: RestContext<VariationBody>) => {
    const route = ids(params);
    if (!route?.id) return fail(notFound('rest.error.no_route'));
    const ctx = await jsonContext(db, url, env);
    const patch = await variationBodyPatch(db, input, ctx);
    if (!patch.ok) return patch;
    const updated = await updateProduct(db, route.id, patch.value, principal.actor, {
      parentId: route.parentId,
    });
    if (!updated.ok) return updated;
    const answer = await variationAnswer(db, route.parentId, route.id, ctx);
    return answer.ok ? ok({ body: answer.value }) : answer;
  },
});

/** `GET|PUT|POST|PATCH|DELETE /wp-json/wc/v3/products/{id}/variations/{variation_id}` */
export const variationRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, url, params }) => {
      const route = ids(params);
      if (!route?.id) return fail(notFound('rest.error.no_route'));
      const answer = await variationAnswer(
        db,
        route.parentId,
        route.id,
        await jsonContext(db, url, env),
      );
      return answer.ok ? ok({ body: answer.value }) : answer;
    },
  }),
  PUT: updateHandler,
  POST: updateHandler,
  PATCH: updateHandler,
  DELETE: restHandler({
    schema: z.object({ force: boolParam.optional() }),
    handle: async ({ db, env, url, input, params, principal }) => {
      const route = ids(params);
      if (!route?.id) return fail(notFound('rest.error.no_route'));
      const ctx = await jsonContext(db, url, env);
      const before = await variationAnswer(db, route.parentId, route.id, ctx);
      if (!before.ok) return before;
      const deleted = await deleteProduct(db, route.id, input.force ?? false, principal.actor, {
        parentId: route.parentId,
      });
      return deleted.ok ? ok({ body: before.value }) : deleted;
    },
  }),
});

/** `POST|PUT|PATCH /wp-json/wc/v3/products/{id}/variations/batch` (deletes for good). */
export const variationsBatchRoute = defineBatchRoute({
  schema: variationSchema,
  notFound: 'catalog.error.no_variation',
  create: async ({ db, env, url, params, principal }, body) =>
    createVariationFromBody(
      db,
      routeId(params.id) ?? 0,
      body,
      await jsonContext(db, url, env),
      principal.actor,
    ),
  update: async ({ db, env, url, params, principal }, id, body) => {
    const parentId = routeId(params.id) ?? 0;
    const ctx = await jsonContext(db, url, env);
    const patch = await variationBodyPatch(db, body, ctx);
    if (!patch.ok) return patch;
    const updated = await updateProduct(db, id, patch.value, principal.actor, { parentId });
    return updated.ok ? variationAnswer(db, parentId, id, ctx) : updated;
  },
  delete: async ({ db, env, url, params, principal }, id) => {
    const parentId = routeId(params.id) ?? 0;
    const before = await variationAnswer(db, parentId, id, await jsonContext(db, url, env));
    if (!before.ok) return before;
    const deleted = await deleteProduct(db, id, true, principal.actor, { parentId });
    return deleted.ok ? before : deleted;
  },
});
