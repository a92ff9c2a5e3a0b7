import { deliveryTimes } from '#app/domain/compliance/compliance.schema.ts';
import type { ProductPatch } from '#app/domain/catalog/product-patch.ts';
import { attributeByRef, termByOption } from '#app/domain/catalog/taxonomies.server.ts';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Locale, isLocale } from '#app/lib/locale.ts';
import type { ProductJsonContext } from './product-json.server.ts';
import {
  type ProductBody,
  type VariationBody,
  deliveryTimeWanted,
  productPatch,
  variationPatch,
} from './product-input.ts';

/** The answer's language: `?lang=de|en`, else the shop's default (not the browser's cookie). */
export function restLocale(url: URL, fallback: Locale): Locale {
  const lang = url.searchParams.get('lang');
  return isLocale(lang) ? lang : fallback;
}

export async function jsonContext(
  db: Tx,
  url: URL,
  env: { SHOP_LOCALE: Locale; SHOP_CURRENCY: string; SHOP_URL: string },
): Promise<ProductJsonContext> {
  const times = await db.select().from(deliveryTimes);
  return {
    locale: restLocale(url, env.SHOP_LOCALE),
    currency: env.SHOP_CURRENCY,
    base: env.SHOP_URL.replace(/\/$/, ''),
    deliveryTimes: new Map(times.map((t) => [t.id, { slug: t.slug, label: t.label }])),
  };
}

const invalidParam = (param: string) => domainError('invalid', 'error.invalid_param', { param });

async function deliveryTime(
  db: Tx,
  meta: ProductBody['meta_data'],
): Promise<Result<number | null | undefined>> {
  const wanted = deliveryTimeWanted(meta);
  if (wanted === undefined || wanted === null) return ok(wanted);
  const rows = await db.select().from(deliveryTimes);
  const found = rows.find((t) => t.slug === wanted || String(t.id) === wanted);
  return found ? ok(found.id) : fail(invalidParam('meta_data'));
}

/** A product body as the domain's patch, its attribute options and delivery time resolved. */
export async function productBodyPatch(
  db: Tx,
  body: ProductBody,
  ctx: ProductJsonContext,
): Promise<Result<ProductPatch>> {
  const patch = productPatch(body, ctx.locale, ctx.currency);
  const time = await deliveryTime(db, body.meta_data);
  if (!time.ok) return time;
  if (time.value !== undefined) patch.deliveryTimeId = time.value;
  if (body.attributes) {
    patch.attributes = [];
    for (const given of body.attributes) {
      const attribute = await attributeByRef(db, { id: given.id });
      if (!attribute) return fail(invalidParam('attributes'));
      const termIds: number[] = [];
      for (const option of given.options ?? []) {
        const term = await termByOption(db, attribute.id, option);
        if (!term) return fail(invalidParam('attributes'));
        termIds.push(term.id);
      }
      patch.attributes.push({
        attributeId: attribute.id,
        termIds,
        visible: given.visible ?? true,
        usedForVariations: given.variation ?? false,
      });
    }
  }
  return ok(patch);
}

/** The attributes a variable product's variations are made of, with their terms. */
export type VariationAxis = { attributeId: number; termIds: readonly number[] };

/**
 * `default_attributes` as the product's defaults (attribute slug → term slug): each must be
 * one of the product's variation attributes, its option one of that attribute's terms; an
 * empty option leaves the attribute unchosen.
 */
export async function defaultAttributesPatch(
  db: Tx,
  given: NonNullable<ProductBody['default_attributes']>,
  axes: readonly VariationAxis[],
): Promise<Result<Record<string, string> | null>> {
  const refused = fail(domainError('invalid', 'rest.error.invalid_default_attributes'));
  const chosen: Record<string, string> = {};
  for (const item of given) {
    const attribute = await attributeByRef(db, item.id ? { id: item.id } : { name: item.name });
    const axis = attribute && axes.find((a) => a.attributeId === attribute.id);
    if (!attribute || !axis) return refused;
    if (item.option.trim() === '') {
      delete chosen[attribute.slug];
      continue;
    }
    const term = await termByOption(db, attribute.id, item.option);
    if (!term || !axis.termIds.includes(term.id)) return refused;
    chosen[attribute.slug] = term.slug;
  }
  return ok(Object.keys(chosen).length > 0 ? chosen : null);
}

/** A variation body as the domain's patch: attribute options become term slugs. */
export async function variationBodyPatch(
  db: Tx,
  body: VariationBody,
  ctx: ProductJsonContext,
): Promise<Result<ProductPatch>> {
  const patch = variationPatch(body, ctx.locale, ctx.currency);
  const time = await deliveryTime(db, body.meta_data);
  if (!time.ok) return time;
  if (time.value !== undefined) patch.deliveryTimeId = time.value;
  if (body.attributes) {
    const chosen: Record<string, string> = {};
    for (const given of body.attributes) {
      const attribute = await attributeByRef(db, { id: given.id, name: given.name });
      if (!attribute) return fail(invalidParam('attributes'));
      if (given.option === '') {
        chosen[attribute.slug] = '';
        continue;
      }
      const term = await termByOption(db, attribute.id, given.option);
      if (!term) return fail(invalidParam('attributes'));
      chosen[attribute.slug] = term.slug;
    }
    patch.variationAttributes = chosen;
  }
  return ok(patch);
}
