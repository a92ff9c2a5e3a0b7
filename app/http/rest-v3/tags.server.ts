// Product tags through the REST API v3 (`/wp-json/wc/v3/products/tags`).
import { z } from 'zod';
import {
  CATALOG_LISTS,
  type ListEntry,
  deleteEntry,
  findEntry,
  listEntries,
  saveEntry,
  updateEntryFields,
} from '#app/domain/catalog/catalog-lists.server.ts';
import { type Localized, localize } from '#app/domain/kernel/localized.ts';
import { type Result, fail, notFound, ok } from '#app/domain/kernel/result.ts';
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
  localizedText,
  missingName,
  nameField,
  noTrash,
  textField,
} from './taxonomies.server.ts';

function tagJson(entry: ListEntry, locale: Locale, base: string) {
  const href = `${base}/wp-json/wc/v3/products/tags`;
  return {
    id: entry.id,
    name: localize(entry.values.name as Localized, locale),
    slug: entry.slug,
    description: localize(entry.values.description as Localized | null, locale),
    count: entry.used,
    _links: { self: [{ href: `${href}/${entry.id}` }], collection: [{ href }] },
  };
}

const tagFields = z.object({
  name: nameField.optional(),
  slug: z.string().max(200).optional(),
  description: textField.optional(),
});

type TagFields = z.infer<typeof tagFields>;

async function createTagItem({ db, env, url, principal }: ItemContext, input: TagFields) {
  const locale = restLocale(url, env.SHOP_LOCALE);
  if (!input.name) return fail(missingName());
  const name = localized(input.name, locale);
  const made = await saveEntry(
    db,
    CATALOG_LISTS.tags,
    null,
    {
      slug: input.slug || name.de,
      values: {
        name,
        description: input.description ? localizedText(input.description, locale) : null,
      },
    },
    principal.actor,
  );
  return made.ok ? ok(tagJson(made.value, locale, env.SHOP_URL)) : made;
}

async function updateTagItem(
  { db, env, url, principal }: ItemContext,
  id: number,
  input: TagFields,
): Promise<Result<ReturnType<typeof tagJson>>> {
  const locale = restLocale(url, env.SHOP_LOCALE);
  const updated = await updateEntryFields(
    db,
    CATALOG_LISTS.tags,
    id,
    {
      slug: input.slug,
      values: {
        name: input.name ? localized(input.name, locale) : undefined,
        description:
          input.description === undefined ? undefined : localizedText(input.description, locale),
      },
    },
    principal.actor,
  );
  const failed = listFailure(updated, 'catalog.error.no_tag');
  if (failed || !updated.ok) return failed!;
  return ok(tagJson(updated.value, locale, env.SHOP_URL));
}

async function deleteTagItem(
  { db, env, url, principal }: ItemContext,
  id: number,
  force: boolean,
): Promise<Result<ReturnType<typeof tagJson>>> {
  const entry = await findEntry(db, CATALOG_LISTS.tags, id);
  if (!entry) return fail(notFound('catalog.error.no_tag'));
  if (!force) return noTrash();
  const deleted = await deleteEntry(db, CATALOG_LISTS.tags, id, principal.actor);
  if (!deleted.ok) return deleted;
  return ok(tagJson(entry, restLocale(url, env.SHOP_LOCALE), env.SHOP_URL));
}

/** `GET|POST /wp-json/wc/v3/products/tags` */
export const tagsRoute = defineRestRoute({
  GET: restHandler({
    schema: listSchema.extend({ slug: z.string().max(200).optional() }),
    handle: async ({ db, env, url, input }) => {
      const locale = restLocale(url, env.SHOP_LOCALE);
      const needle = input.search?.toLowerCase();
      // Tags are few: filtered here rather than in SQL.
      const all = (await listEntries(db, CATALOG_LISTS.tags)).filter((t) => {
        const name = t.values.name as Localized;
        return (
          (!needle ||
            name.de.toLowerCase().includes(needle) ||
            (name.en ?? '').toLowerCase().includes(needle)) &&
          (!input.include?.length || input.include.includes(t.id)) &&
          (input.slug === undefined || t.slug === input.slug)
        );
      });
      const from = (input.page - 1) * input.per_page;
      return ok({
        body: all.slice(from, from + input.per_page).map((t) => tagJson(t, locale, env.SHOP_URL)),
        headers: pagingHeaders(url, env.SHOP_URL, all.length, input.page, input.per_page),
      });
    },
  }),
  POST: restHandler({
    schema: tagFields,
    handle: async (ctx: RestContext<TagFields>) => created(await createTagItem(ctx, ctx.input)),
  }),
});

const updateTag = restHandler({
  schema: tagFields,
  handle: async (ctx: RestContext<TagFields>) => {
    const id = routeId(ctx.params.id);
    if (id === null) return fail(notFound('rest.error.no_route'));
    return answered(await updateTagItem(ctx, id, ctx.input));
  },
});

/** `GET|PUT|DELETE /wp-json/wc/v3/products/tags/{id}` */
export const tagRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, url, params }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const entry = await findEntry(db, CATALOG_LISTS.tags, id);
      if (!entry) return fail(notFound('catalog.error.no_tag'));
      return ok({ body: tagJson(entry, restLocale(url, env.SHOP_LOCALE), env.SHOP_URL) });
    },
  }),
  PUT: updateTag,
  PATCH: updateTag,
  POST: updateTag,
  DELETE: restHandler({
    schema: deleteSchema,
    handle: async (ctx: RestContext<z.infer<typeof deleteSchema>>) => {
      const id = routeId(ctx.params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      return answered(await deleteTagItem(ctx, id, ctx.input.force ?? false));
    },
  }),
});

/** `POST|PUT|PATCH /wp-json/wc/v3/products/tags/batch`; a batch deletes for good. */
export const tagsBatchRoute = defineBatchRoute({
  schema: tagFields,
  notFound: 'catalog.error.no_tag',
  create: createTagItem,
  update: updateTagItem,
  delete: (ctx, id) => deleteTagItem(ctx, id, true),
});
