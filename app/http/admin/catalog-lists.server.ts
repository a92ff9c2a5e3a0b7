// The catalog's simple lists in the back office: one loader and one action for every kind.
import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import {
  type ListKind,
  LIST_FIELDS,
  entryForm,
  parseEntry,
} from '#app/domain/catalog/catalog-lists.ts';
import {
  CATALOG_LISTS,
  type ListDef,
  deleteEntry,
  findEntry,
  imageChoices,
  listEntries,
  saveEntry,
} from '#app/domain/catalog/catalog-lists.server.ts';
import type { CatalogListAnswer } from '#app/domain/catalog/catalog-lists.view.ts';
import { SHIPPING_CLASS_LIST } from '#app/domain/shipping/shipping-classes.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { readForm } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import { staffShop } from './staff.server.ts';

type Args = {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string | undefined>;
};

export const idOf = (value: string | null | undefined) =>
  value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;

/** The kind from the address: `/admin/products/{kind}`, or an attribute's terms. */
function kindOf(args: Args): { kind: ListKind; scope?: number; base: string } {
  const path = new URL(args.request.url).pathname.replace(/\/+$/, '');
  if (args.params.id !== undefined) {
    const scope = idOf(args.params.id);
    if (scope === null) pageNotFound();
    return { kind: 'terms', scope, base: `/admin/products/attributes/${scope}` };
  }
  const last = path.split('/').pop() ?? '';
  const kind = (
    [
      'tags',
      'delivery-times',
      'deposit-types',
      'manufacturers',
      'shipping-classes',
      'attributes',
    ] as const
  ).find((k) => k === last);
  if (!kind) pageNotFound();
  return { kind, base: `/admin/products/${kind}` };
}

async function listShop(args: Args) {
  const ctx = await staffShop(args);
  const actor: Actor = { channel: 'admin', id: ctx.viewer.id, label: ctx.viewer.email };
  const where = kindOf(args);
  // Terms live under an attribute that must exist.
  const attribute =
    where.kind === 'terms' ? await findEntry(ctx.db, CATALOG_LISTS.attributes, where.scope!) : null;
  if (where.kind === 'terms' && !attribute) pageNotFound();
  return { ...ctx, ...where, actor, attribute };
}

const LISTS: Record<ListKind, ListDef> = {
  ...CATALOG_LISTS,
  'shipping-classes': SHIPPING_CLASS_LIST,
};

const titleKey = (kind: ListKind) => `admin.catalogLists.${kind}.title` as TextKey;

export async function loadCatalogList(args: Args, areas: readonly MessageArea[]) {
  const ctx = await listShop(args);
  const url = new URL(args.request.url);
  const entries = await listEntries(ctx.db, LISTS[ctx.kind], ctx.scope);
  const editId = idOf(url.searchParams.get('edit'));
  const editing = editId === null ? null : (entries.find((e) => e.id === editId) ?? null);
  const done = url.searchParams.get('done');
  const hasImages = LIST_FIELDS[ctx.kind].some((f) => f.type === 'image');
  const attributeName = ctx.attribute
    ? localize(ctx.attribute.values.name as { de: string }, ctx.locale)
    : null;
  const heading = attributeName
    ? ctx.t('admin.catalogLists.terms.title_of', { name: attributeName })
    : ctx.t(titleKey(ctx.kind));
  return {
    kind: ctx.kind,
    base: ctx.base,
    heading,
    entries: entries.map((e) => ({
      id: e.id,
      slug: e.slug,
      used: e.used,
      form: entryForm(ctx.kind, e.values),
    })),
    editing: editing
      ? { id: editing.id, form: { ...entryForm(ctx.kind, editing.values), slug: editing.slug } }
      : null,
    images: hasImages ? await imageChoices(ctx.db, ctx.locale) : [],
    security: sessionNonce(ctx.current, ctx.env),
    done: (['saved', 'deleted'] as const).find((d) => d === done) ?? null,
    title: `${heading} | ${ctx.t('shop.name')}`,
    messages: messagesFor(ctx.locale, areas),
  };
}

export function refusal(
  t: Translate,
  intent: string,
  error: DomainError,
  extra: Partial<CatalogListAnswer> = {},
) {
  const body: CatalogListAnswer = {
    intent,
    message: t(error.code as TextKey, error.params),
    field: typeof error.params?.field === 'string' ? error.params.field : undefined,
    ...extra,
  };
  return data(body, { status: STATUS_OF_KIND[error.kind] });
}

/** One value of a field sent once; a repeated field or a file is no answer. */
export function single(form: FormData, name: string): string | null {
  const all = form.getAll(name);
  return all.length === 1 && typeof all[0] === 'string' ? all[0] : null;
}

/** The form with its intent and nonce checked, or the refusal to answer with. */
export async function checkedForm<I extends string>(
  args: Args,
  ctx: Awaited<ReturnType<typeof staffShop>>,
  intents: readonly I[],
) {
  const { t } = ctx;
  const read = await readForm(args.request);
  if (!read.ok) return { refused: refusal(t, 'unknown', read.error) } as const;
  const form = read.value;
  const intent = intents.find((i) => i === single(form, 'intent'));
  if (!intent)
    return {
      refused: refusal(t, 'unknown', domainError('invalid', 'admin.catalogLists.error.invalid')),
    } as const;
  if (!verifyNonce(ctx.current, single(form, 'security'), ctx.env))
    return {
      refused: refusal(t, intent, domainError('forbidden', 'admin.catalogLists.error.expired')),
    } as const;
  return { form, intent } as const;
}

/** Saves (creates or edits) or deletes one entry; each answer names the form it refuses. */
export async function handleCatalogList(args: Args) {
  const ctx = await listShop(args);
  const { t } = ctx;
  const checked = await checkedForm(args, ctx, ['save', 'delete']);
  if ('refused' in checked) return checked.refused;
  const { form, intent } = checked;
  const rawId = single(form, 'id');
  const id = idOf(rawId);
  if (intent === 'delete') {
    if (id === null)
      return refusal(t, intent, domainError('invalid', 'admin.catalogLists.error.invalid'));
    const deleted = await deleteEntry(ctx.db, LISTS[ctx.kind], id, ctx.actor, ctx.scope);
    if (!deleted.ok) return refusal(t, intent, deleted.error, { id });
    return redirect(`${ctx.base}?done=deleted`);
  }
  if (rawId && id === null)
    return refusal(t, intent, domainError('invalid', 'admin.catalogLists.error.invalid'));
  const names = [
    'slug',
    ...LIST_FIELDS[ctx.kind].flatMap((f) =>
      f.type === 'localized' ? [`${f.name}_de`, `${f.name}_en`] : [f.name],
    ),
  ];
  const values: Record<string, string> = {};
  for (const name of names) {
    const all = form.getAll(name);
    if (all.length > 1 || (all[0] !== undefined && typeof all[0] !== 'string'))
      return refusal(t, intent, domainError('invalid', 'admin.catalogLists.error.invalid'));
    values[name] = (all[0] as string | undefined) ?? '';
  }
  const echo = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, 5000)]));
  const parsed = parseEntry(ctx.kind, values);
  if (!parsed.ok) {
    const errors = parsed.errors.map((e) => ({ field: e.field, message: t(e.code as TextKey) }));
    return data(
      { intent, message: errors[0]!.message, field: errors[0]!.field, errors, values: echo, id },
      { status: 400 },
    );
  }
  const saved = await saveEntry(ctx.db, LISTS[ctx.kind], id, parsed.entry, ctx.actor, ctx.scope);
  if (!saved.ok) return refusal(t, intent, saved.error, { values: echo, id });
  return redirect(`${ctx.base}?done=saved`);
}
