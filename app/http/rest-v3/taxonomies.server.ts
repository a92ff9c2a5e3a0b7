import { z } from 'zod';
import {
  type AttributeRow,
  type CategoryRow,
  type TermRow,
  attributeByRef,
  createAttribute,
  createCategory,
  createTerm,
  findAttributes,
  findCategories,
  findTerms,
} from '#app/domain/catalog/taxonomies.server.ts';
import {
  CATALOG_LISTS,
  deleteEntry,
  updateEntryFields,
} from '#app/domain/catalog/catalog-lists.server.ts';
import { deleteCategory, updateCategoryFields } from '#app/domain/catalog/category-tree.server.ts';
import { type Localized, localize } from '#app/domain/kernel/localized.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { defineRestRoute, restHandler } from './endpoint.server.ts';
import { pagingHeaders, routeId } from './orders.server.ts';
import { restLocale } from './product-context.server.ts';
import { boolParam, idList, idParam, pageParam, perPageParam } from './params.ts';

export const listSchema = z.object({
  search: z.string().max(200).optional(),
  include: idList.optional(),
  page: pageParam.default(1),
  per_page: perPageParam.default(10),
});

/** A name as a plain string (the request's language) or `{de, en}`. */
export const nameField = z.union([
  z.string().trim().min(1).max(200),
  z
    .object({
      de: z.string().trim().max(200).optional(),
      en: z.string().trim().max(200).optional(),
    })
    .strict()
    .refine((n) => Boolean(n.de || n.en)),
]);

export function localized(value: z.infer<typeof nameField>, locale: Locale): Localized {
  if (typeof value === 'string') return locale === 'de' ? { de: value } : { de: value, en: value };
  return { de: value.de || value.en!, ...(value.en ? { en: value.en } : {}) };
}

export const missingName = () => domainError('invalid', 'catalog.error.name_required');

function categoryJson(row: CategoryRow, locale: Locale, base: string) {
  const href = `${base}/wp-json/wc/v3/products/categories`;
  return {
    id: row.id,
    name: localize(row.name, locale),
    slug: row.slug,
    parent: row.parentId ?? 0,
    description: localize(row.description, locale),
    display: 'default',
    image: row.imageId === null ? null : { id: row.imageId },
    menu_order: row.position,
    count: row.count,
    _links: { self: [{ href: `${href}/${row.id}` }], collection: [{ href }] },
  };
}

function attributeJson(row: AttributeRow, locale: Locale, base: string) {
  const href = `${base}/wp-json/wc/v3/products/attributes`;
  return {
    id: row.id,
    name: localize(row.name, locale),
    slug: `pa_${row.slug}`,
    type: 'select',
    order_by: 'menu_order',
    has_archives: false,
    _links: { self: [{ href: `${href}/${row.id}` }], collection: [{ href }] },
  };
}

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

/** `GET|POST /wp-json/wc/v3/products/categories` */
export const categoriesRoute = defineRestRoute({
  GET: restHandler({
    schema: listSchema.extend({
      parent: z
        .union([z.literal(0), z.literal('0'), idParam])
        .transform(Number)
        .optional(),
      slug: z.string().max(200).optional(),
    }),
    handle: async ({ db, env, url, input }) => {
      const locale = restLocale(url, env.SHOP_LOCALE);
      const { rows, total } = await findCategories(db, {
        search: input.search,
        include: input.include,
        parent: input.parent,
        slug: input.slug,
        page: input.page,
        perPage: input.per_page,
      });
      return ok({
        body: rows.map((r) => categoryJson(r, locale, env.SHOP_URL)),
        headers: pagingHeaders(url, env.SHOP_URL, total, input.page, input.per_page),
      });
    },
  }),
  POST: restHandler({
    schema: z.object({
      name: nameField.optional(),
      slug: z.string().max(200).optional(),
      parent: z.union([z.literal(0), idParam]).optional(),
      description: z.string().max(10_000).optional(),
    }),
    handle: async ({ db, env, url, input, principal }) => {
      const locale = restLocale(url, env.SHOP_LOCALE);
      if (!input.name) return fail(missingName());
      const created = await createCategory(
        db,
        {
          name: localized(input.name, locale),
          slug: input.slug,
          parentId: input.parent || undefined,
          description: input.description ? { de: input.description } : undefined,
        },
        principal.actor,
      );
      if (!created.ok) return created;
      return ok({ body: categoryJson(created.value, locale, env.SHOP_URL), status: 201 });
    },
  }),
});

async function categoryAnswer(db: Tx, id: number, locale: Locale, base: string) {
  const { rows } = await findCategories(db, { include: [id], page: 1, perPage: 1 });
  const row = rows[0];
  return row ? ok(categoryJson(row, locale, base)) : fail(notFound('catalog.error.no_category'));
}

/** A description as a plain string (the request's language) or `{de, en}`; empty clears it. */
export const textField = z.union([
  z.string().max(10_000),
  z
    .object({ de: z.string().max(10_000).optional(), en: z.string().max(10_000).optional() })
    .strict(),
]);

export function localizedText(value: z.infer<typeof textField>, locale: Locale): Localized | null {
  if (typeof value === 'string') return value.trim() ? localized(value, locale) : null;
  return value.de || value.en ? localized({ de: value.de, en: value.en }, locale) : null;
}

/** Deleting needs `force=true`: terms have no trash (as WooCommerce answers). */
export const deleteSchema = z.object({ force: boolParam.optional() });
export const noTrash = () => fail(domainError('invalid', 'rest.error.trash'));

const updateCategory = restHandler({
  schema: z.object({
    name: nameField.optional(),
    slug: z.string().max(200).optional(),
    parent: z.union([z.literal(0), idParam]).optional(),
    description: textField.optional(),
    image: z.union([z.null(), z.object({ id: idParam }).passthrough()]).optional(),
    menu_order: z.number().int().optional(),
  }),
  handle: async ({ db, env, url, input, params, principal }) => {
    const id = routeId(params.id);
    if (id === null) return fail(notFound('rest.error.no_route'));
    const locale = restLocale(url, env.SHOP_LOCALE);
    const updated = await updateCategoryFields(
      db,
      id,
      {
        name: input.name ? localized(input.name, locale) : undefined,
        slug: input.slug,
        parentId: input.parent === undefined ? undefined : input.parent || null,
        description:
          input.description === undefined ? undefined : localizedText(input.description, locale),
        imageId: input.image === undefined ? undefined : (input.image?.id ?? null),
      },
      principal.actor,
    );
    if (!updated.ok) return updated;
    const answer = await categoryAnswer(db, id, locale, env.SHOP_URL);
    return answer.ok ? ok({ body: answer.value }) : answer;
  },
});

/** `GET|PUT|DELETE /wp-json/wc/v3/products/categories/{id}` */
export const categoryRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, url, params }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const answer = await categoryAnswer(db, id, restLocale(url, env.SHOP_LOCALE), env.SHOP_URL);
      return answer.ok ? ok({ body: answer.value }) : answer;
    },
  }),
  PUT: updateCategory,
  PATCH: updateCategory,
  POST: updateCategory,
  DELETE: restHandler({
    schema: deleteSchema,
    handle: async ({ db, env, url, input, params, principal }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const before = await categoryAnswer(db, id, restLocale(url, env.SHOP_LOCALE), env.SHOP_URL);
      if (!before.ok) return before;
      if (!input.force) return noTrash();
      const deleted = await deleteCategory(db, id, principal.actor);
      return deleted.ok ? ok({ body: before.value }) : deleted;
    },
  }),
});

/** `GET|POST /wp-json/wc/v3/products/attributes` (WooCommerce sends them all, unpaged). */
export const attributesRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, url }) => {
      const locale = restLocale(url, env.SHOP_LOCALE);
      const rows = await findAttributes(db);
      return ok({ body: rows.map((r) => attributeJson(r, locale, env.SHOP_URL)) });
    },
  }),
  POST: restHandler({
    schema: z.object({ name: nameField.optional(), slug: z.string().max(200).optional() }),
    handle: async ({ db, env, url, input, principal }) => {
      const locale = restLocale(url, env.SHOP_LOCALE);
      if (!input.name) return fail(missingName());
      const created = await createAttribute(
        db,
        { name: localized(input.name, locale), slug: input.slug },
        principal.actor,
      );
      if (!created.ok) return created;
      return ok({ body: attributeJson(created.value, locale, env.SHOP_URL), status: 201 });
    },
  }),
});

async function attributeAnswer(db: Tx, id: number, locale: Locale, base: string) {
  const row = await attributeByRef(db, { id });
  return row ? ok(attributeJson(row, locale, base)) : fail(notFound('catalog.error.no_attribute'));
}

/** A failed list write as the REST API words it: an unknown entry is the kind's own 404. */
export function listFailure<T>(result: Result<T>, missing: string): Result<never> | null {
  if (result.ok) return null;
  return result.error.code === 'admin.catalogLists.error.unknown'
    ? fail(notFound(missing))
    : (result as Result<never>);
}

const updateAttribute = restHandler({
  schema: z.object({
    name: nameField.optional(),
    slug: z.string().max(200).optional(),
    type: z.string().max(40).optional(),
    order_by: z.string().max(40).optional(),
    has_archives: boolParam.optional(),
  }),
  handle: async ({ db, env, url, input, params, principal }) => {
    const id = routeId(params.id);
    if (id === null) return fail(notFound('rest.error.no_route'));
    const locale = restLocale(url, env.SHOP_LOCALE);
    const updated = await updateEntryFields(
      db,
      CATALOG_LISTS.attributes,
      id,
      {
        slug: input.slug?.replace(/^pa_/, ''),
        values: { name: input.name ? localized(input.name, locale) : undefined },
      },
      principal.actor,
    );
    const failed = listFailure(updated, 'catalog.error.no_attribute');
    if (failed) return failed;
    const answer = await attributeAnswer(db, id, locale, env.SHOP_URL);
    return answer.ok ? ok({ body: answer.value }) : answer;
  },
});

/** `GET|PUT|DELETE /wp-json/wc/v3/products/attributes/{id}` */
export const attributeRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, url, params }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const answer = await attributeAnswer(db, id, restLocale(url, env.SHOP_LOCALE), env.SHOP_URL);
      return answer.ok ? ok({ body: answer.value }) : answer;
    },
  }),
  PUT: updateAttribute,
  PATCH: updateAttribute,
  POST: updateAttribute,
  DELETE: restHandler({
    schema: deleteSchema,
    handle: async ({ db, env, url, input, params, principal }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const before = await attributeAnswer(db, id, restLocale(url, env.SHOP_LOCALE), env.SHOP_URL);
      if (!before.ok) return before;
      if (!input.force) return noTrash();
      const deleted = await deleteEntry(db, CATALOG_LISTS.attributes, id, principal.actor);
      return listFailure(deleted, 'catalog.error.no_attribute') ?? ok({ body: before.value });
    },
  }),
});

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
    schema: z.object({
      name: nameField.optional(),
      slug: z.string().max(200).optional(),
      menu_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    }),
    handle: async ({ db, env, url, input, params, principal }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      if (!(await attributeByRef(db, { id }))) return fail(notFound('catalog.error.no_attribute'));
      const locale = restLocale(url, env.SHOP_LOCALE);
      if (!input.name) return fail(missingName());
      const created = await createTerm(
        db,
        id,
        { name: localized(input.name, locale), slug: input.slug, menuOrder: input.menu_order },
        principal.actor,
      );
      if (!created.ok) return created;
      return ok({ body: termJson(created.value, id, locale, env.SHOP_URL), status: 201 });
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

const updateTerm = restHandler({
  schema: z.object({
    name: nameField.optional(),
    slug: z.string().max(200).optional(),
    description: z.string().max(10_000).optional(),
    menu_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  }),
  handle: async ({ db, env, url, input, params, principal }) => {
    const ids = termIds(params);
    if (!ids) return fail(notFound('rest.error.no_route'));
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
    const failed = listFailure(updated, 'catalog.error.no_term');
    if (failed) return failed;
    const answer = await termAnswer(db, ids.id, ids.termId, locale, env.SHOP_URL);
    return answer.ok ? ok({ body: answer.value }) : answer;
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
    handle: async ({ db, env, url, input, params, principal }) => {
      const ids = termIds(params);
      if (!ids) return fail(notFound('rest.error.no_route'));
      const locale = restLocale(url, env.SHOP_LOCALE);
      const before = await termAnswer(db, ids.id, ids.termId, locale, env.SHOP_URL);
      if (!before.ok) return before;
      if (!input.force) return noTrash();
      const deleted = await deleteEntry(
        db,
        CATALOG_LISTS.terms,
        ids.termId,
        principal.actor,
        ids.id,
      );
      return listFailure(deleted, 'catalog.error.no_term') ?? ok({ body: before.value });
    },
  }),
});
