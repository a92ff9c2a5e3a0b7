import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import { unitPriceText } from '#app/components/ui/price.tsx';
import { unitPricesFor } from '#app/domain/catalog/unit-price.server.ts';
import { formatMoney, parseMoney } from '#app/domain/pricing/money.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { WC_AJAX_CODES } from './codes.ts';
import {
  MAX_UNIT_PRICE_ITEMS,
  type UnitPriceRefreshAnswer,
} from '#app/domain/catalog/unit-price.view.ts';

const id = z.union([
  z.number().int().min(1).max(999_999_999),
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
]);
/** A price as the page shows it, in major units ("12.49", "12,49" or 12.49). */
const amount = z.union([
  z.number().nonnegative().max(9_999_999).transform(String),
  z.string().regex(/^\d{1,7}([.,]\d{1,2})?$/),
]);
const quantity = z.union([
  z.number().positive().max(1_000_000),
  z
    .string()
    .regex(/^\d{1,7}(\.\d{1,3})?$/)
    .transform(Number)
    .refine((n) => n > 0),
]);
const token = z.string().regex(/^[\w-]{1,64}$/);

const item = z.object({
  product_id: id,
  price: amount,
  price_sale: z.union([amount, z.literal(''), z.null()]).optional(),
  quantity: quantity.optional(),
  key: token,
});

/** Form posts send `products[0][product_id]=…`: gathered into the array JSON sends. */
function nestForm(fields: unknown): unknown {
  if (typeof fields !== 'object' || fields === null || 'products' in fields) return fields;
  const rows: Record<string, Record<string, unknown>> = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = /^products\[(\d{1,4})\]\[(\w{1,20})\]$/.exec(name);
    if (match) (rows[match[1]!] ??= {})[match[2]!] = value;
    else rest[name] = value;
  }
  const indexes = Object.keys(rows);
  return indexes.length ? { ...rest, products: indexes.map((i) => rows[i]) } : rest;
}

const schema = z.preprocess(
  nestForm,
  z.object({
    // The refresh changes nothing and product pages come from the render cache, which holds
    // no session: the token is accepted as the spec sends it, but not required.
    security: z.string().max(128).optional(),
    queue_id: token,
    products: z
      .array(item)
      .min(1)
      .max(MAX_UNIT_PRICE_ITEMS)
      .refine((items) => new Set(items.map((i) => i.key)).size === items.length),
  }),
);

/**
 * POST security, products[] (product_id, price, price_sale, quantity, key), queue_id: the unit
 * price markup for each price the page shows, keyed by the item's key. The unit price comes
 * from the catalog; an item whose price is not the one the shop charges for it now (tampered,
 * stale, unknown product) is answered without `unit_price_html`, so the page restores its own.
 */
export const refreshUnitPrice = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  schema,
  handle: async ({ db, locale, t, currency, input }) => {
    const claims = input.products.flatMap((p) => {
      const regular = parseMoney(p.price, currency);
      const sale = p.price_sale ? parseMoney(p.price_sale, currency) : null;
      if (regular === null) return [];
      return [
        {
          key: p.key,
          productId: p.product_id,
          price: { regular, sale },
          quantity: p.quantity ?? 1,
        },
      ];
    });
    const answers = await unitPricesFor(db, claims);
    const money = (value: number) => formatMoney(value, currency, locale);
    const result: UnitPriceRefreshAnswer = { products: {} };
    for (const answer of answers) {
      result.products[answer.key] = {
        product_id: answer.productId,
        ...(answer.unitPrice && {
          unit_price_html: renderToStaticMarkup(
            createElement(
              'span',
              { className: 'unit-price' },
              unitPriceText(answer.unitPrice, { t, locale, money }),
            ),
          ),
        }),
      };
    }
    return { ok: true, value: result };
  },
});
