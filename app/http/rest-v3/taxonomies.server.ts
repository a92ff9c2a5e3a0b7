import { z } from 'zod';
import {
  type AttributeRow,
  type CategoryRow,
  attributeByRef,
  createAttribute,
  createCategory,
  findAttributes,
  findCategories,
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
import { defineBatchRoute } from './batch.server.ts';
import { type RestContext, defineRestRoute, restHandler } from './endpoint.server.ts';
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

/** What one write of a list item needs from the request (a single route's or a batch's). */
export type ItemContext = Pick<RestContext<unknown>, 'db' | 'env' | 'url' | 'principal'>;

/** A single route's answer for an item's result: 201 for a new one. */
export const answered = (result: Result<unknown>) =>
  result.ok ? ok({ body: result.value }) : result;
export const created = (result: Result<unknown>) =>
  result.ok ? ok({ body: result.value, status: 201 }) : result;

const categoryCreateFields = z.object({
  name: nameField.optional(),
  slug: z.string().max(200).optional(),
  parent: z.union([z.literal(0), idParam]).optional(),
  description: z.string().max(10_000).optional(),
});
type CategoryCreate = z.infer<typeof categoryCreateFields>;

async function createCategoryItem({ db, env, url, principal }: ItemContext, input: CategoryCreate) {
  const locale = restLocale(url, env.SHOP_LOCALE);
  if (!input.name) return fail(missingName());
  const made = await createCategory(
    db,
    {
      name: localized(input.name, locale),
      slug: input.slug,
      parentId: input.parent || undefined,
      description: input.description ? { de: input.description } : undefined,
    },
    principal.actor,
  );
  return made.ok ? ok(categoryJson(made.value, locale, env.SHOP_URL)) : made;
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
    schema: categoryCreateFields,
    handle: async (ctx: RestContext<CategoryCreate>) =>
      created(await createCategoryItem(ctx, ctx.input)),
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

const categoryFields = z.object({
  name: nameField.optional(),
  slug: z.string().max(200).optional(),
  parent: z.union([z.literal(0), idParam]).optional(),
  description: textField.optional(),
  image: z.union([z.null(), z.object({ id: idParam }).passthrough()]).optional(),
  menu_order: z.number().int().optional(),
});
type CategoryFields = z.infer<typeof categoryFields>;

async function updateCategoryItem(
  { db, env, url, principal }: ItemContext,
  id: number,
  input: CategoryFields,
) {
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
  return categoryAnswer(db, id, locale, env.SHOP_URL);
}

async function deleteCategoryItem(
  { db, env, url, principal }: ItemContext,
  id: number,
  force: boolean,
) {
  const before = await categoryAnswer(db, id, restLocale(url, env.SHOP_LOCALE), env.SHOP_URL);
  if (!before.ok) return before;
  if (!force) return noTrash();
  const deleted = await deleteCategory(db, id, principal.actor);
  return deleted.ok ? before : deleted;
}

const updateCategory = restHandler({
  schema: categoryFields,
  handle: async (ctx: RestContext<CategoryFields>) => {
    const id = routeId(ctx.params.id);
    if (id === null) return fail(notFound('rest.error.no_route'));
    return answered(await updateCategoryItem(ctx, id, ctx.input));
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
    handle: async (ctx: RestContext<z.infer<typeof deleteSchema>>) => {
      const id = routeId(ctx.params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      return answered(await deleteCategoryItem(ctx, id, ctx.input.force ?? false));
    },
  }),
});

/** `POST|PUT|PATCH /wp-json/wc/v3/products/categories/batch`; a batch deletes for good. */
export const categoriesBatchRoute = defineBatchRoute({
  schema: categoryFields,
  createSchema: categoryCreateFields,
  notFound: 'catalog.error.no_category',
  create: createCategoryItem,
  update: updateCategoryItem,
  delete: (ctx, id) => deleteCategoryItem(ctx, id, true),
});

const attributeCreateFields = z.object({
  name: nameField.optional(),
  slug: z.string().max(200).optional(),
});
type AttributeCreate = z.infer<typeof attributeCreateFields>;

async function createAttributeItem(
  { db, env, url, principal }: ItemContext,
  input: AttributeCreate,
) {
  const locale = restLocale(url, env.SHOP_LOCALE);
  if (!input.name) return fail(missingName());
  const made = await createAttribute(
    db,
    { name: localized(input.name, locale), slug: input.slug },
    principal.actor,
  );
  return made.ok ? ok(attributeJson(made.value, locale, env.SHOP_URL)) : made;
}

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
    schema: attributeCreateFields,
    handle: async (ctx: RestContext<AttributeCreate>) =>
      created(await createAttributeItem(ctx, ctx.input)),
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

const attributeFields = z.object({
  name: nameField.optional(),
  slug: z.string().max(200).optional(),
  type: z.string().max(40).optional(),
  order_by: z.string().max(40).optional(),
  has_archives: boolParam.optional(),
});
type AttributeFields = z.infer<typeof attributeFields>;

async function updateAttributeItem(
  { db, env, url, principal }: ItemContext,
  id: number,
  input: AttributeFields,
) {
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
  return (
    listFailure(updated, 'catalog.error.no_attribute') ??
    attributeAnswer(db, id, locale, env.SHOP_URL)
  );
}

async function deleteAttributeItem(
  { db, env, url, principal }: ItemContext,
  id: number,
  force: boolean,
) {
  const before = await attributeAnswer(db, id, restLocale(url, env.SHOP_LOCALE), env.SHOP_URL);
  if (!before.ok) return before;
  if (!force) return noTrash();
  const deleted = await deleteEntry(db, CATALOG_LISTS.attributes, id, principal.actor);
  return listFailure(deleted, 'catalog.error.no_attribute') ?? before;
}

const updateAttribute = restHandler({
  schema: attributeFields,
  handle: async (ctx: RestContext<AttributeFields>) => {
    const id = routeId(ctx.params.id);
    if (id === null) return fail(notFound('rest.error.no_route'));
    return answered(await updateAttributeItem(ctx, id, ctx.input));
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
    handle: async (ctx: RestContext<z.infer<typeof deleteSchema>>) => {
      const id = routeId(ctx.params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      return answered(await deleteAttributeItem(ctx, id, ctx.input.force ?? false));
    },
  }),
});

/** `POST|PUT|PATCH /wp-json/wc/v3/products/attributes/batch`; a batch deletes for good. */
export const attributesBatchRoute = defineBatchRoute({
  schema: attributeFields,
  createSchema: attributeCreateFields,
  notFound: 'catalog.error.no_attribute',
  create: createAttributeItem,
  update: updateAttributeItem,
  delete: (ctx, id) => deleteAttributeItem(ctx, id, true),
});
