import { z } from 'zod';
import { addItem, loadCart } from '#app/domain/cart/cart.server.ts';
import { getProduct } from '#app/domain/catalog/catalog.server.ts';
import { findVariation } from '#app/domain/catalog/variation-match.ts';
import { clearCartLines } from '#app/domain/checkout/express.server.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { WC_AJAX_CODES } from '../wc-ajax/codes.ts';
import { productShips } from './express-page-data.server.ts';
import { productSheet } from './express-sheet.server.ts';
import {
  answer,
  attributes,
  flag,
  id,
  nested,
  quantity,
  quotedCart,
  text,
  total,
} from './express.server.ts';

// The express checkout's calls from a product page: the product goes into the cart the sheet
// pays for, or its sheet is shown before anything is added.

/** Attribute names as the cart keys them: without `attribute_` and `pa_`. */
function attributeChoice(
  list: Record<string, string> | undefined,
  fields: Record<string, unknown>,
): Record<string, string> {
  const raw: Record<string, string> = { ...list };
  for (const [k, v] of Object.entries(fields)) {
    if (k.startsWith('attribute_') && typeof v === 'string') raw[k] = v;
  }
  return Object.fromEntries(
    Object.entries(raw)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => [k.replace(/^attribute_/, '').replace(/^pa_/, ''), v]),
  );
}

const variationList = z
  .array(z.object({ attribute: text(120), value: text(200) }))
  .max(50)
  .transform((list) => Object.fromEntries(list.map((e) => [e.attribute, e.value])));

const productSchema = z
  .object({
    product_id: id.optional(),
    id: id.optional(),
    qty: quantity.optional(),
    quantity: quantity.optional(),
    attributes: attributes.optional(),
    variation: z.union([attributes, variationList]).optional(),
    addon_value: z.union([z.number(), text(20)]).optional(),
    wc_deposit_option: text(20).optional(),
    wc_deposit_payment_plan: text(20).optional(),
    booking_id: z.union([id, z.literal('')]).optional(),
    is_product_page: flag.optional(),
  })
  .catchall(z.unknown())
  .superRefine((fields, issue) => {
    if (fields.product_id === undefined && fields.id === undefined) {
      issue.addIssue({ code: 'custom', path: ['product_id'], message: 'required' });
    }
    for (const [key, value] of Object.entries(fields)) {
      // Add-on and plugin fields ride along (spec section 3); they change no price here.
      const extra =
        key.startsWith('attribute_') || key.startsWith('addon-') || key.startsWith('wc_');
      if (extra && (typeof value !== 'string' || value.length > 200 || key.length > 120)) {
        issue.addIssue({ code: 'custom', path: [key] });
      }
    }
    if (Object.keys(fields).length > 100) issue.addIssue({ code: 'custom', path: ['attributes'] });
  })
  .transform((fields) => ({
    productId: (fields.product_id ?? fields.id)!,
    quantity: fields.qty ?? fields.quantity ?? 1,
    choice: attributeChoice({ ...fields.attributes, ...fields.variation }, fields),
  }));

/**
 * add_to_cart (product page): the wallet buys just this product, so the cart is emptied first
 * (spec section 7). Answers the cart's sheet, or `error` with the reason.
 */
export const expressAddToCart = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: nested(productSchema),
  handle: async (ctx) => {
    const { db, input, session, currency, locale, t } = ctx;
    await clearCartLines(db, session!);
    const added = await addItem(
      db,
      session!,
      { id: input.productId, quantity: input.quantity, variation: input.choice },
      { currency, locale },
    );
    const { cart, sheet } = await quotedCart(ctx, session!);
    if (!added.ok) {
      return answer(
        ctx,
        {
          result: 'fail',
          error: t('express.error.add_to_cart'),
          message: t(added.error.code as TextKey, added.error.params),
        },
        cart,
      );
    }
    return answer(
      ctx,
      {
        result: 'success',
        total: total(ctx, sheet),
        displayItems: sheet.displayItems,
        requestShipping: cart.shipping.needsShipping,
      },
      cart,
    );
  },
});

/** clear_cart: the sheet was cancelled on a product page; the cart it filled is emptied. */
export const expressClearCart = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: z.object({ booking_id: z.union([id, z.literal('')]).optional() }).catchall(z.unknown()),
  handle: async (ctx) => {
    await clearCartLines(ctx.db, ctx.session!);
    const cart = await loadCart(ctx.db, ctx.session, {
      currency: ctx.currency,
      locale: ctx.locale,
      readOnly: true,
    });
    return answer(ctx, { result: 'success' }, cart);
  },
});

/**
 * get_selected_product_data: the product page's choice (quantity, variation) priced by the
 * server, before anything is in the cart. The add-on value the browser names is not trusted.
 */
export const getSelectedProductData = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: nested(productSchema),
  handle: async (ctx) => {
    const { db, input, locale, currency, t } = ctx;
    const failure = (key: TextKey) => answer(ctx, { error: t(key) });
    const product = await getProduct(db, { id: input.productId }, locale);
    if (!product) return failure('express.error.product_info');
    let price = product.price.active;
    let deposit = product.deposit;
    let purchasable = product.isPurchasable && product.stockStatus !== 'outofstock';
    let rules = product.quantity;
    if (product.type === 'variable') {
      const offered = new Map(
        product.attributes
          .filter((a) => a.usedForVariations)
          .map((a) => [a.slug.replace(/^pa_/, ''), new Set(a.terms.map((term) => term.slug))]),
      );
      const variations = product.variations.map((v) => ({
        ...v,
        attributes: Object.fromEntries(
          Object.entries(v.attributes).map(([k, term]) => [k.replace(/^pa_/, ''), term]),
        ),
      }));
      const variation = findVariation(variations, input.choice, offered);
      if (!variation) return failure('express.error.unavailable');
      price = variation.price.active;
      deposit = variation.compliance.deposit;
      purchasable = variation.isPurchasable && variation.stockStatus !== 'outofstock';
      rules = variation.quantity;
    }
    if (!purchasable || price === null) return failure('express.error.unavailable');
    if (input.quantity < rules.min || (rules.max !== null && input.quantity > rules.max)) {
      return failure('express.error.product_info');
    }
    const sheet = productSheet(
      { name: product.name, unitPrice: price, deposit },
      input.quantity,
      currency,
      t,
    );
    return answer(ctx, {
      total: total(ctx, sheet),
      displayItems: sheet.displayItems,
      requestShipping: await productShips(db, product.id),
    });
  },
});
