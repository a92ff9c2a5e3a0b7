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
import { type Localized, localize } from '#app/domain/kernel/localized.ts';
import { domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Locale } from '#app/lib/locale.ts';
import { defineRestRoute, restHandler } from './endpoint.server.ts';
import { pagingHeaders, routeId } from './orders.server.ts';
import { restLocale } from './product-context.server.ts';
import { idList, idParam, pageParam, perPageParam } from './params.ts';

const listSchema = z.object({
  search: z.string().max(200).optional(),
  include: idList.optional(),
  page: pageParam.default(1),
  per_page: perPageParam.default(10),
});

/** A name as a plain string (the request's language) or `{de, en}`. */
const nameField = z.union([
  z.string().trim().min(1).max(200),
  z
    .object({
      de: z.string().trim().max(200).optional(),
      en: z.string().trim().max(200).optional(),
    })
    .strict()
    .refine((n) => Boolean(n.de || n.en)),
]);

function localized(value: z.infer<typeof nameField>, locale: Locale): Localized {
  if (typeof value === 'string') return locale === 'de' ? { de: value } : { de: value, en: value };
  return { de: value.de || value.en!, ...(value.en ? { en: value.en } : {}) };
}

const missingName = () => domainError('invalid', 'catalog.error.name_required');

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

/** `GET /wp-json/wc/v3/products/categories/{id}` */
export const categoryRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, url, params }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const { rows } = await findCategories(db, { include: [id], page: 1, perPage: 1 });
      const row = rows[0];
      if (!row) return fail(notFound('catalog.error.no_category'));
      return ok({ body: categoryJson(row, restLocale(url, env.SHOP_LOCALE), env.SHOP_URL) });
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

/** `GET /wp-json/wc/v3/products/attributes/{id}` */
export const attributeRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, url, params }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const row = await attributeByRef(db, { id });
      if (!row) return fail(notFound('catalog.error.no_attribute'));
      return ok({ body: attributeJson(row, restLocale(url, env.SHOP_LOCALE), env.SHOP_URL) });
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

/** `GET /wp-json/wc/v3/products/attributes/{id}/terms/{term_id}` */
export const termRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, url, params }) => {
      const id = routeId(params.id);
      const termId = routeId(params.termId);
      if (id === null || termId === null) return fail(notFound('rest.error.no_route'));
      if (!(await attributeByRef(db, { id }))) return fail(notFound('catalog.error.no_attribute'));
      const { rows } = await findTerms(db, id, { include: [termId], page: 1, perPage: 1 });
      const row = rows[0];
      if (!row) return fail(notFound('catalog.error.no_term'));
      return ok({ body: termJson(row, id, restLocale(url, env.SHOP_LOCALE), env.SHOP_URL) });
    },
  }),
});

/** The shop keeps no product tags: the list is empty, one tag is never found, none is made. */
export const tagsRoute = defineRestRoute({
  GET: restHandler({
    schema: listSchema,
    handle: async ({ env, url, input }) =>
      ok({ body: [], headers: pagingHeaders(url, env.SHOP_URL, 0, input.page, input.per_page) }),
  }),
  POST: restHandler({
    schema: z.object({}),
    handle: () => Promise.resolve(fail(domainError('invalid', 'catalog.error.tags_unsupported'))),
  }),
});

export const tagRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: () => Promise.resolve(fail(notFound('catalog.error.no_tag'))),
  }),
});
