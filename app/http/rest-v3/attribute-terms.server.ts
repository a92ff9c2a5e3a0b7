// The REST API v3's attribute terms: `products/attributes/{id}/terms`, one term and batches.
import { z } from 'zod';
import {
  type TermRow,
  attributeByRef,
  createTerm,
  findTerms,
} from '#app/domain/catalog/taxonomies.server.ts';
import {
  CATALOG_LISTS,
  deleteEntry,
  updateEntryFields,
} from '#app/domain/catalog/catalog-lists.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { defineBatchRoute } from './batch.server.ts';
import { type RestContext, defineRestRoute, restHandler } from './endpoint.server.ts';
import { pagingHeaders, routeId } from './orders.server.ts';
import { restLocale } from './product-context.server.ts';
import {
  type ItemContext,
  answered,
  created,
  deleteSchema,
  listFailure,
  listSchema,
  localized,
  missingName,
  nameField,
  noTrash,
} from './taxonomies.server.ts';

function termJson(row: TermRow, attributeId: number, locale: Locale, base: string) {
  const href = `${base}/wp-json/wc/v3/products/attributes/${attributeId}/terms`;
  return {
    id: row.id,
    name: localize(row.name, locale),
    slug: row.slug,
    description: '',
    menu_order: row.position,
    count: row.count,
    _links: { self: [{ href: `${href}/${row.id}` }], collection: [{ href }] },
  };
}

const termCreateFields = z.object({
  name: nameField.optional(),
  slug: z.string().max(200).optional(),
  menu_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
});
type TermCreate = z.infer<typeof termCreateFields>;

async function createTermItem(
  { db, env, url, principal }: ItemContext,
  id: number,
  input: TermCreate,
) {
  if (!(await attributeByRef(db, { id }))) return fail(notFound('catalog.error.no_attribute'));
  const locale = restLocale(url, env.SHOP_LOCALE);
  if (!input.name) return fail(missingName());
  const made = await createTerm(
    db,
    id,
    { name: localized(input.name, locale), slug: input.slug, menuOrder: input.menu_order },
    principal.actor,
  );
  return made.ok ? ok(termJson(made.value, id, locale, env.SHOP_URL)) : made;
}

/** `GET|POST /wp-json/wc/v3/products/attributes/{id}/terms` */
export const termsRoute = defineRestRoute({
  GET: restHandler({
    schema: listSchema,
    handle: async ({ db, env, url, input, params }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      if (!(await attributeByRef(db, { id }))) return fail(notFound('catalog.error.no_attribute'));
      const locale = restLocale(url, env.SHOP_LOCALE);
      const { rows, total } = await findTerms(db, id, {
        search: input.search,
        include: input.include,
        page: input.page,
        perPage: input.per_page,
      });
      return ok({
        body: rows.map((r) => termJson(r, id, locale, env.SHOP_URL)),
        headers: pagingHeaders(url, env.SHOP_URL, total, input.page, input.per_page),
      });
    },
  }),
  POST: restHandler({
    schema: termCreateFields,
    handle: async (ctx: RestContext<TermCreate>) => {
      const id = routeId(ctx.params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      return created(await createTermItem(ctx, id, ctx.input));
    },
  }),
});

async function termAnswer(db: Tx, id: number, termId: number, locale: Locale, base: string) {
  if (!(await attributeByRef(db, { id }))) return fail(notFound('catalog.error.no_attribute'));
  const { rows } = await findTerms(db, id, { include: [termId], page: 1, perPage: 1 });
  const row = rows[0];
  return row ? ok(termJson(row, id, locale, base)) : fail(notFound('catalog.error.no_term'));
}

const termIds = (params: Record<string, string | undefined>) => {
  const id = routeId(params.id);
  const termId = routeId(params.termId);
  return id === null || termId === null ? null : { id, termId };
};

const termFields = z.object({
  name: nameField.optional(),
  slug: z.string().max(200).optional(),
  description: z.string().max(10_000).optional(),
  menu_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
});
type TermFields = z.infer<typeof termFields>;

async function updateTermItem(
  { db, env, url, principal }: ItemContext,
  ids: { id: number; termId: number },
  input: TermFields,
) {
  const locale = restLocale(url, env.SHOP_LOCALE);
  if (!(await attributeByRef(db, { id: ids.id })))
    return fail(notFound('catalog.error.no_attribute'));
  const updated = await updateEntryFields(
    db,
    CATALOG_LISTS.terms,
    ids.termId,
    {
      slug: input.slug,
      values: {
        name: input.name ? localized(input.name, locale) : undefined,
        position: input.menu_order,
      },
    },
    principal.actor,
    ids.id,
  );
  return (
    listFailure(updated, 'catalog.error.no_term') ??
    termAnswer(db, ids.id, ids.termId, locale, env.SHOP_URL)
  );
}

async function deleteTermItem(
  { db, env, url, principal }: ItemContext,
  ids: { id: number; termId: number },
  force: boolean,
) {
  const locale = restLocale(url, env.SHOP_LOCALE);
  const before = await termAnswer(db, ids.id, ids.termId, locale, env.SHOP_URL);
  if (!before.ok) return before;
  if (!force) return noTrash();
  const deleted = await deleteEntry(db, CATALOG_LISTS.terms, ids.termId, principal.actor, ids.id);
  return listFailure(deleted, 'catalog.error.no_term') ?? before;
}

const updateTerm = restHandler({
  schema: termFields,
  handle: async (ctx: RestContext<TermFields>) => {
    const ids = termIds(ctx.params);
    if (!ids) return fail(notFound('rest.error.no_route'));
    return answered(await updateTermItem(ctx, ids, ctx.input));
  },
});

/** `GET|PUT|DELETE /wp-json/wc/v3/products/attributes/{id}/terms/{term_id}` */
export const termRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, url, params }) => {
      const ids = termIds(params);
      if (!ids) return fail(notFound('rest.error.no_route'));
      const answer = await termAnswer(
        db,
        ids.id,
        ids.termId,
        restLocale(url, env.SHOP_LOCALE),
        env.SHOP_URL,
      );
      return answer.ok ? ok({ body: answer.value }) : answer;
    },
  }),
  PUT: updateTerm,
  PATCH: updateTerm,
  POST: updateTerm,
  DELETE: restHandler({
    schema: deleteSchema,
    handle: async (ctx: RestContext<z.infer<typeof deleteSchema>>) => {
      const ids = termIds(ctx.params);
      if (!ids) return fail(notFound('rest.error.no_route'));
      return answered(await deleteTermItem(ctx, ids, ctx.input.force ?? false));
    },
  }),
});

/**
 * `POST|PUT|PATCH /wp-json/wc/v3/products/attributes/{id}/terms/batch`; a batch deletes for
 * good; an unknown attribute refuses the whole batch.
 */
export const termsBatchRoute = defineBatchRoute({
  schema: termFields,
  createSchema: termCreateFields,
  notFound: 'catalog.error.no_term',
  allowed: async ({ db, params }) => {
    const id = routeId(params.id);
    if (id === null) return fail(notFound('rest.error.no_route'));
    return (await attributeByRef(db, { id }))
      ? ok(null)
      : fail(notFound('catalog.error.no_attribute'));
  },
  create: (ctx, input) => createTermItem(ctx, routeId(ctx.params.id) ?? 0, input),
  update: (ctx, termId, input) =>
    updateTermItem(ctx, { id: routeId(ctx.params.id) ?? 0, termId }, input),
  delete: (ctx, termId) => deleteTermItem(ctx, { id: routeId(ctx.params.id) ?? 0, termId }, true),
});
