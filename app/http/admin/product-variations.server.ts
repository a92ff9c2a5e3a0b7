// The variations tab of a variable product (/admin/products/{id}/variations): shop managers and
// administrators. Every form posts here with an `intent`; success goes back to the page
// (post, redirect, get), a refusal answers with the messages and what was typed.
import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import type { SwatchType } from '#app/domain/catalog/catalog.schema.ts';
import type { DomainError } from '#app/domain/kernel/result.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { formatMoneyInput } from '#app/domain/catalog/variations-admin.view.ts';
import {
  SWATCH_TYPES,
  type FieldError,
  parseVariationBulk,
  parseVariationForm,
  reader,
} from '#app/domain/catalog/variations-admin.rules.ts';
import {
  type AttributeChoice,
  addVariation,
  bulkEditVariations,
  generateVariations,
  saveDefaultAttributes,
  saveVariation,
  saveVariationAttributes,
  variationVersion,
  variationsTab,
} from '#app/domain/catalog/variations-admin.server.ts';
import type { VariationsAnswer } from '#app/domain/catalog/variations-admin.view.ts';
import { saveSwatches } from '#app/domain/catalog/variations-swatches.server.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { readForm } from '../request.server.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

const INTENTS = [
  'attributes',
  'generate',
  'add',
  'variation',
  'bulk',
  'defaults',
  'swatches',
] as const;
type Intent = (typeof INTENTS)[number];

const SAVED = new Set<string>([...INTENTS, 'removed']);

function productIdOf(params: Args['params']): number {
  const raw = params.id ?? '';
  if (!/^[1-9]\d{0,8}$/.test(raw)) pageNotFound();
  return Number(raw);
}

const date = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : '');
const num = (value: number | null) => (value === null ? '' : String(value));

export async function loadVariationsTab(args: Args, areas: readonly MessageArea[]) {
  const { db, env, locale, t, current } = await staffShop(args);
  const productId = productIdOf(args.params);
  const tab = await variationsTab(db, productId);
  if (!tab.ok) pageNotFound();
  const { product, variations, linked, allAttributes, pictures, swatchSettings, version } =
    tab.value;
  const url = new URL(args.request.url);
  const saved = url.searchParams.get('saved');
  const count = url.searchParams.get('count');
  const name = localize(product.name, locale);
  const axes = linked.filter((a) => a.usedForVariations);
  return {
    productId,
    name,
    version,
    security: sessionNonce(current, env),
    saved: saved && SAVED.has(saved) ? saved : null,
    count: count && /^\d{1,6}$/.test(count) ? Number(count) : null,
    parentPrice: formatMoneyInput(product.regularPrice),
    defaults: product.defaultAttributes ?? {},
    attributes: linked.map((a) => ({
      id: a.attributeId,
      slug: a.slug,
      name: localize(a.name, locale),
      swatchType: a.swatchType,
      visible: a.visible,
      usedForVariations: a.usedForVariations,
      termIds: a.termIds,
      terms: a.terms.map((term) => ({
        id: term.id,
        slug: term.slug,
        name: localize(term.name, locale),
        color: term.color,
        imageKey: term.imageKey,
      })),
    })),
    addable: allAttributes
      .filter((a) => !linked.some((l) => l.attributeId === a.id))
      .map((a) => ({ id: a.id, name: localize(a.name, locale) })),
    pictures: pictures.map((p) => ({ id: p.id, key: p.key, alt: localize(p.alt, locale) })),
    deliveryTimes: tab.value.deliveryTimes.map((d) => ({
      id: d.id,
      label: localize(d.label, locale),
    })),
    depositTypes: tab.value.depositTypes.map((d) => ({ id: d.id, name: localize(d.name, locale) })),
    swatchSettings,
    variations: variations.map((v) => {
      const combination = v.variationAttributes ?? {};
      const label = axes
        .map((a) => {
          const term = combination[a.slug] ?? '';
          const named = a.terms.find((x) => x.slug === term);
          return named
            ? localize(named.name, locale)
            : t('admin.variations.any', { attribute: localize(a.name, locale) });
        })
        .join(' / ');
      return {
        id: v.id,
        label: label || `#${v.id}`,
        version: variationVersion(v),
        values: {
          enabled: v.status === 'publish' ? 'yes' : '',
          regular_price: formatMoneyInput(v.regularPrice),
          sale_price: formatMoneyInput(v.salePrice),
          sale_from: date(v.saleFrom),
          sale_to: date(v.saleTo),
          manage_stock: v.manageStock ? 'yes' : '',
          stock_quantity: v.manageStock ? num(v.stockQuantity) : '',
          backorders: v.backorders ?? '',
          sku: v.sku ?? '',
          gtin: v.gtin ?? '',
          image_id: num(v.imageId),
          delivery_time_id: num(v.deliveryTimeId),
          weight: num(v.weightKg),
          unit: v.unit ?? '',
          product_units: num(v.productUnits),
          unit_base: num(v.unitBase),
          deposit_type_id: num(v.depositTypeId),
          deposit_quantity: num(v.depositQuantity),
          description_de: v.description?.de ?? '',
          description_en: v.description?.en ?? '',
        } as Record<string, string>,
        stockStatus: v.stockStatus,
      };
    }),
    title: `${t('admin.variations.title', { name })} | ${t('shop.name')}`,
    messages: messagesFor(locale, areas),
  };
}

/** What was typed, for the form to show again: short single-line text only. */
function echoed(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name === 'security' || name.length > 60) continue;
    // eslint-disable-next-line no-control-regex
    if (typeof value === 'string' && value.length <= 10_000 && !/[\u0000-\u0008]/.test(value)) {
      values[name] = value;
    }
  }
  return values;
}

function refuse(
  t: Translate,
  status: number,
  intent: string,
  errors: { field: string; code: string; params?: Record<string, string | number> }[],
  form?: FormData,
  variationId?: number,
) {
  const body: VariationsAnswer = {
    intent,
    variationId,
    message: t(errors[0]!.code as TextKey, errors[0]!.params),
    field: errors[0]!.field || undefined,
    errors: errors.map((e) => ({ field: e.field, message: t(e.code as TextKey, e.params) })),
    values: form ? echoed(form) : undefined,
  };
  return data(body, { status });
}

const STATUS: Record<string, number> = { not_found: 404, conflict: 409, limit: 400 };

function refuseDomain(
  t: Translate,
  intent: string,
  error: DomainError,
  form: FormData,
  variationId?: number,
) {
  // A duplicate is a refused input, not a stale page.
  const status =
    error.code === 'admin.variations.error.duplicate' ? 400 : (STATUS[error.kind] ?? 400);
  return refuse(
    t,
    status,
    intent,
    [{ field: '', code: error.code, params: error.params }],
    form,
    variationId,
  );
}

const ID = /^[1-9]\d{0,8}$/;

function idsOf(values: readonly FormDataEntryValue[]): number[] | null {
  const ids: number[] = [];
  for (const value of values) {
    if (typeof value !== 'string' || !ID.test(value)) return null;
    ids.push(Number(value));
  }
  return ids.length > 500 ? null : [...new Set(ids)];
}

/** The attribute rows of the form: `attribute_ids` lists them, each with its own fields. */
function attributeChoices(form: FormData): AttributeChoice[] | null {
  const ids = idsOf(form.getAll('attribute_ids'));
  if (ids === null || ids.length > 50) return null;
  const read = reader(form);
  const choices: AttributeChoice[] = [];
  for (const id of ids) {
    const termIds = idsOf(form.getAll(`terms_${id}`));
    const visible = read(`visible_${id}`);
    const used = read(`variations_${id}`);
    if (termIds === null || visible === 'invalid' || used === 'invalid') return null;
    choices.push({
      attributeId: id,
      termIds,
      visible: visible === 'yes',
      usedForVariations: used === 'yes',
    });
  }
  const add = read('add_attribute_id');
  if (add === 'invalid') return null;
  if (add && add !== '') {
    if (!ID.test(add)) return null;
    // A new attribute starts with none of its terms: the manager ticks the ones sold.
    if (!choices.some((c) => c.attributeId === Number(add))) {
      choices.push({
        attributeId: Number(add),
        termIds: [],
        visible: true,
        usedForVariations: true,
      });
    }
  }
  const remove = read('remove_attribute');
  if (remove === 'invalid') return null;
  if (remove) {
    if (!ID.test(remove)) return null;
    return choices.filter((c) => c.attributeId !== Number(remove));
  }
  return choices;
}

/** `{prefix}{attribute slug}` fields: a term slug or '' for any. */
function combinationOf(form: FormData, prefix: string): Record<string, string> | null {
  const combination: Record<string, string> = {};
  for (const [name, value] of form) {
    if (!name.startsWith(prefix)) continue;
    const slug = name.slice(prefix.length);
    if (typeof value !== 'string' || value.length > 200 || slug in combination) return null;
    combination[slug] = value;
  }
  return combination;
}

const SETTING_BOXES = [
  ['clear_on_reselect', 'clearOnReselect'],
  ['deselect_unavailable', 'deselectUnavailable'],
  ['clickable_out_of_stock', 'clickableOutOfStock'],
] as const;

export async function handleVariationsForm(args: Args) {
  const { db, env, t, current, viewer } = await staffShop(args);
  const productId = productIdOf(args.params);
  const read = await readForm(args.request);
  if (!read.ok)
    return refuse(t, 400, '', [{ field: '', code: read.error.code, params: read.error.params }]);
  const form = read.value;
  const one = reader(form);
  const intentRaw = one('intent');
  const intent = INTENTS.find((i) => i === intentRaw) as Intent | undefined;
  const security = form.getAll('security');
  if (security.length !== 1 || !verifyNonce(current, security[0], env)) {
    return refuse(
      t,
      403,
      intent ?? '',
      [{ field: '', code: 'admin.variations.error.expired' }],
      form,
    );
  }
  if (!intent) return refuse(t, 400, '', [{ field: '', code: 'admin.variations.error.invalid' }]);
  const versionRaw = one('version');
  if (versionRaw === 'invalid') {
    return refuse(t, 400, intent, [{ field: '', code: 'admin.variations.error.invalid' }], form);
  }
  const version = versionRaw;
  const actor: Actor = { channel: 'admin', id: viewer.id, label: viewer.email };
  const back = (saved: string, count?: number) =>
    redirect(
      `/admin/products/${productId}/variations?saved=${saved}${count !== undefined ? `&count=${count}` : ''}`,
    );
  const invalidForm = () =>
    refuse(t, 400, intent, [{ field: '', code: 'admin.variations.error.invalid' }], form);

  switch (intent) {
    case 'attributes': {
      const choices = attributeChoices(form);
      if (!choices) return invalidForm();
      const removeVariations = one('remove_variations') === 'yes';
      const result = await saveVariationAttributes(
        db,
        productId,
        choices,
        { version, removeVariations },
        actor,
      );
      if (!result.ok) return refuseDomain(t, intent, result.error, form);
      return result.value.removed > 0 ? back('removed', result.value.removed) : back(intent);
    }
    case 'generate': {
      const result = await generateVariations(db, productId, version, actor);
      if (!result.ok) return refuseDomain(t, intent, result.error, form);
      return back(intent, result.value.created);
    }
    case 'add': {
      const combination = combinationOf(form, 'choose_');
      if (!combination) return invalidForm();
      const result = await addVariation(db, productId, combination, version, actor);
      if (!result.ok) return refuseDomain(t, intent, result.error, form);
      return back(intent, 1);
    }
    case 'variation': {
      const rawId = one('variation_id');
      if (typeof rawId !== 'string' || !ID.test(rawId)) return invalidForm();
      const variationId = Number(rawId);
      const parsed = parseVariationForm(form);
      if (!parsed.ok) {
        return refuse(t, 400, intent, parsed.errors as FieldError[], form, variationId);
      }
      const result = await saveVariation(db, productId, variationId, parsed.patch, version, actor);
      if (!result.ok) return refuseDomain(t, intent, result.error, form, variationId);
      return back(intent);
    }
    case 'bulk': {
      const edit = parseVariationBulk(form);
      if (!edit) {
        return refuse(
          t,
          400,
          intent,
          [{ field: 'bulk_action', code: 'admin.variations.error.bulk_value' }],
          form,
        );
      }
      const scope = one('bulk_scope');
      let ids: number[] | null = null;
      if (scope === 'checked') {
        ids = idsOf(form.getAll('ids'));
        if (ids === null) return invalidForm();
      } else if (scope !== 'all') return invalidForm();
      const result = await bulkEditVariations(db, productId, ids, edit, version, actor);
      if (!result.ok) return refuseDomain(t, intent, result.error, form);
      return back(intent, result.value.changed);
    }
    case 'defaults': {
      const combination = combinationOf(form, 'default_');
      if (!combination) return invalidForm();
      const result = await saveDefaultAttributes(db, productId, combination, version, actor);
      if (!result.ok) return refuseDomain(t, intent, result.error, form);
      return back(intent);
    }
    case 'swatches': {
      const types = new Map<number, SwatchType>();
      for (const [name, value] of form) {
        if (!name.startsWith('swatch_type_')) continue;
        const id = name.slice('swatch_type_'.length);
        if (!ID.test(id) || typeof value !== 'string' || types.has(Number(id)))
          return invalidForm();
        const type = SWATCH_TYPES.find((s) => s === value);
        if (!type) return invalidForm();
        types.set(Number(id), type);
      }
      const threshold = one('stock_label_threshold');
      if (
        typeof threshold !== 'string' ||
        !/^\d{1,6}$/.test(threshold.trim()) ||
        Number(threshold) > 100_000
      ) {
        return refuse(
          t,
          400,
          intent,
          [{ field: 'stock_label_threshold', code: 'admin.variations.error.number' }],
          form,
        );
      }
      const boxes = SETTING_BOXES.map(([field]) => one(field));
      if (boxes.some((b) => b === 'invalid')) return invalidForm();
      const settings = {
        clearOnReselect: boxes[0] === 'yes',
        deselectUnavailable: boxes[1] === 'yes',
        clickableOutOfStock: boxes[2] === 'yes',
        stockLabelThreshold: Number(threshold.trim()),
      };
      const result = await saveSwatches(db, productId, types, settings, actor);
      if (!result.ok) return refuseDomain(t, intent, result.error, form);
      return back(intent);
    }
  }
}
