// The category tree in the back office (/admin/products/categories).
import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { parseEntry } from '#app/domain/catalog/catalog-lists.ts';
import { imageChoices } from '#app/domain/catalog/catalog-lists.server.ts';
import { MOVES } from '#app/domain/catalog/category-tree.ts';
import {
  categoryNodes,
  deleteCategory,
  moveCategory,
  placeCategory,
  saveCategory,
} from '#app/domain/catalog/category-tree.server.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import type { MessageArea, TextKey } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { checkedForm, idOf, refusal, single } from './catalog-lists.server.ts';
import { staffShop } from './staff.server.ts';

type Args = {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string | undefined>;
};

const BASE = '/admin/products/categories';

export async function loadCategories(args: Args, areas: readonly MessageArea[]) {
  const ctx = await staffShop(args);
  const url = new URL(args.request.url);
  const nodes = await categoryNodes(ctx.db);
  const editId = idOf(url.searchParams.get('edit'));
  const editing = nodes.find((n) => n.id === editId) ?? null;
  const done = url.searchParams.get('done');
  return {
    categories: nodes.map((n) => ({
      id: n.id,
      parentId: n.parentId,
      slug: n.slug,
      name: n.name,
      count: n.count,
    })),
    editing: editing
      ? {
          id: editing.id,
          form: {
            name_de: editing.name.de,
            name_en: editing.name.en ?? '',
            description_de: editing.description?.de ?? '',
            description_en: editing.description?.en ?? '',
            slug: editing.slug,
            parent: editing.parentId === null ? '' : String(editing.parentId),
            image: editing.imageId === null ? '' : String(editing.imageId),
          },
        }
      : null,
    images: await imageChoices(ctx.db, ctx.locale),
    security: sessionNonce(ctx.current, ctx.env),
    done: (['saved', 'deleted', 'moved'] as const).find((d) => d === done) ?? null,
    title: `${ctx.t('admin.catalogLists.categories.title')} | ${ctx.t('shop.name')}`,
    messages: messagesFor(ctx.locale, areas),
  };
}

const FIELDS = [
  'name_de',
  'name_en',
  'description_de',
  'description_en',
  'slug',
  'parent',
  'image',
];

/** Saves, deletes or moves a category; a move by drag and drop names the new parent and index. */
export async function handleCategories(args: Args) {
  const ctx = await staffShop(args);
  const actor: Actor = { channel: 'admin', id: ctx.viewer.id, label: ctx.viewer.email };
  const { t } = ctx;
  const checked = await checkedForm(args, ctx, ['save', 'delete', 'move', 'place']);
  if ('refused' in checked) return checked.refused;
  const { form, intent } = checked;
  const invalid = () =>
    refusal(t, intent, domainError('invalid', 'admin.catalogLists.error.invalid'));
  const rawId = single(form, 'id');
  const id = idOf(rawId);
  if (intent !== 'save' && id === null) return invalid();
  const done = (what: string) => redirect(`${BASE}?done=${what}`);
  if (intent === 'delete') {
    const deleted = await deleteCategory(ctx.db, id!, actor);
    return deleted.ok ? done('deleted') : refusal(t, intent, deleted.error, { id });
  }
  if (intent === 'move') {
    const move = MOVES.find((m) => m === single(form, 'move'));
    if (!move) return invalid();
    const moved = await moveCategory(ctx.db, id!, move, actor);
    return moved.ok ? done('moved') : refusal(t, intent, moved.error, { id });
  }
  if (intent === 'place') {
    const parentText = single(form, 'parent');
    const indexText = single(form, 'index');
    const parentId = parentText === '' ? null : idOf(parentText);
    if ((parentText !== '' && parentId === null) || !indexText || !/^\d{1,6}$/.test(indexText))
      return invalid();
    const placed = await placeCategory(ctx.db, id!, { parentId, index: Number(indexText) }, actor);
    return placed.ok ? done('moved') : refusal(t, intent, placed.error, { id });
  }
  if (rawId && id === null) return invalid();
  const values: Record<string, string> = {};
  for (const name of FIELDS) {
    const all = form.getAll(name);
    if (all.length > 1 || (all[0] !== undefined && typeof all[0] !== 'string')) return invalid();
    values[name] = (all[0] as string | undefined) ?? '';
  }
  const echo = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, 5000)]));
  // Name and description follow the tags' rules: the same fields, the same checks.
  const parsed = parseEntry('tags', values);
  const errors = parsed.ok
    ? []
    : parsed.errors.map((e) => ({ field: `category-${e.field}`, message: t(e.code as TextKey) }));
  const parentId = values.parent === '' ? null : idOf(values.parent);
  if (values.parent !== '' && parentId === null)
    errors.push({ field: 'category-parent', message: t('admin.catalogLists.error.choice') });
  const imageId = values.image === '' ? null : idOf(values.image);
  if (values.image !== '' && imageId === null)
    errors.push({ field: 'category-image', message: t('admin.catalogLists.error.image') });
  if (!parsed.ok || errors.length)
    return data(
      { intent, message: errors[0]!.message, field: errors[0]!.field, errors, values: echo, id },
      { status: 400 },
    );
  const saved = await saveCategory(
    ctx.db,
    id,
    {
      name: parsed.entry.values.name as Localized,
      description: (parsed.entry.values.description as Localized | null) ?? null,
      slug: parsed.entry.slug,
      parentId,
      imageId,
    },
    actor,
  );
  return saved.ok ? done('saved') : refusal(t, intent, saved.error, { values: echo, id });
}
