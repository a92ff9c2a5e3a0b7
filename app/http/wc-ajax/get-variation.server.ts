import { z } from 'zod';
import { getProduct } from '#app/domain/catalog/catalog.server.ts';
import { swatchSettings } from '#app/domain/catalog/swatch-settings.server.ts';
import { findVariation } from '#app/domain/catalog/variation-match.ts';
import { notFound } from '#app/domain/kernel/result.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { WC_AJAX_CODES } from './codes.ts';
import { variationAnswer } from './variation.server.ts';

const ATTRIBUTE_PREFIX = 'attribute_';
const MAX_ATTRIBUTES = 50;

/** A product id as a form sends it ("12") or as JSON does (12); nothing else. */
const productId = z.union([
  z.number().int().min(1).max(999_999_999),
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
]);
const attributeValue = z.string().max(200);
/** Passed through by themes for their own filters; the shop reads nothing from it. */
const customData = z.union([
  z.string().max(2000),
  z.record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.boolean()])),
]);

const schema = z
  .object({ product_id: productId, custom_data: customData.optional() })
  .catchall(z.unknown())
  .superRefine((fields, ctx) => {
    const keys = Object.keys(fields).filter((k) => k.startsWith(ATTRIBUTE_PREFIX));
    if (keys.length > MAX_ATTRIBUTES) ctx.addIssue({ code: 'custom', path: [keys[0]!] });
    for (const key of keys) {
      if (!attributeValue.safeParse(fields[key]).success) {
        ctx.addIssue({ code: 'custom', path: [key] });
      }
    }
  })
  .transform((fields) => ({
    productId: fields.product_id,
    choice: Object.fromEntries(
      Object.entries(fields)
        .filter(([k]) => k.startsWith(ATTRIBUTE_PREFIX))
        // WooCommerce names a global attribute `attribute_pa_{slug}`; the shop's own form
        // `attribute_{slug}`: both name the same attribute, as in add_to_cart.
        .map(([k, v]) => [k.slice(ATTRIBUTE_PREFIX.length).replace(/^pa_/, ''), v as string]),
    ),
  }));

/**
 * POST attribute values, product_id, custom_data: the variation the values name, or false
 * (the spec's "empty") when they name none.
 */
export const getVariation = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  schema,
  handle: async ({ db, locale, currency, t, input }) => {
    const product = await getProduct(db, { id: input.productId }, locale);
    if (!product || product.type !== 'variable') {
      return { ok: false, error: notFound('error.product_not_found') };
    }
    const offered = new Map(
      product.attributes
        .filter((a) => a.usedForVariations)
        .map((a) => [a.slug, new Set(a.terms.map((term) => term.slug))]),
    );
    const variation = findVariation(product.variations, input.choice, offered);
    if (!variation) return { ok: true, value: false };
    const settings = await swatchSettings(db);
    return {
      ok: true,
      value: variationAnswer(product, variation, { locale, currency, t, settings }),
    };
  },
});
