import { data } from 'react-router';
import type { CartActionData } from '#app/domain/cart/cart-form.view.ts';
import type { AppLoadContext } from 'react-router';
import {
  type CartOwner,
  addItem,
  removeItem,
  updateItemQuantity,
} from '#app/domain/cart/cart.server.ts';
import { addItemSchema, idSchema, quantitySchema } from '#app/domain/cart/cart.validation.ts';
import { addGroupedItems } from '#app/domain/cart/grouped-add.server.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import { type DomainError, type Result, fail } from '#app/domain/kernel/result.ts';
import { invalidKey, invalidParam } from '#app/domain/cart/cart.errors.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { applyCoupon, removeCoupon } from '#app/domain/cart/apply-coupon.server.ts';
import { couponError } from '#app/domain/coupons/coupons.rules.ts';
import { couponCodeSchema } from '#app/domain/coupons/coupons.validation.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { cartCookiesAfterChange, secureCookies } from '../cart-cookies.server.ts';
import { readForm, shop } from '../request.server.ts';
import { calculatorValues, handleShippingForm, isShippingIntent } from './shipping-form.server.ts';
import { STATUS_OF_KIND } from '../status.ts';

/**
 * Handles the cart forms of product, listing and cart pages. They post plain forms,
 * so the same code serves browsers with and without JavaScript.
 */
export async function handleCartForm(args: { request: Request; context: AppLoadContext }) {
  const { db, t, locale, currency, env, startSession, session: currentSession } = shop(args);
  const read = await readForm(args.request);
  const form = read.ok ? read.value : new FormData();
  // A remove button inside the cart's quantity form names its line in `remove`.
  const intent = form.get('remove') ? 'remove' : String(form.get('intent') ?? 'add');
  const reply = async (
    result: Result<unknown>,
    success: string,
    setCookie: string | null = null,
    changed: CartOwner | null = null,
  ) => {
    const body: CartActionData = result.ok
      ? { ok: true, message: success, intent }
      : {
          ok: false,
          message: t(result.error.code as TextKey, result.error.params),
          intent,
          field: result.error.params?.field as string | undefined,
        };
    const headers = new Headers();
    if (setCookie) headers.append('Set-Cookie', setCookie);
    // The cart cookies follow every change, as after the classic calls.
    if (changed) {
      const context = { currency, locale, secure: secureCookies(env) };
      for (const cookie of await cartCookiesAfterChange(db, changed, context)) {
        headers.append('Set-Cookie', cookie);
      }
    }
    return data(body, { status: result.ok ? 200 : STATUS_OF_KIND[result.error.kind], headers });
  };
  const refuse = (error: DomainError) => reply(fail(error), '');
  if (!read.ok) return refuse(read.error);

  if (intent === 'add' && [...form.keys()].some((k) => GROUPED_QUANTITY.test(k))) {
    return addGrouped(form, args, reply, refuse);
  }
  if (intent === 'add') {
    const variation: Record<string, string> = {};
    for (const [k, v] of form)
      if (k.startsWith('attribute_') && typeof v === 'string') variation[k.slice(10)] = v;
    const parsed = addItemSchema.safeParse({
      id: form.get('product_id') ?? form.get('add-to-cart'),
      quantity: form.get('quantity') ?? undefined,
      variation,
    });
    if (!parsed.success) {
      return refuse(invalidParam('quantity'));
    }
    const { session, setCookie } = await startSession();
    const result = await addItem(db, session, parsed.data, { currency, locale });
    const product = result.ok
      ? (await productRowsById(db, [parsed.data.id])).get(parsed.data.id)
      : undefined;
    return reply(
      result,
      t('product.added', { name: localize(product?.name, locale) }),
      setCookie,
      result.ok ? session : null,
    );
  }

  const session = await currentSession();
  const key = String(form.get('remove') ?? form.get('key') ?? '');
  if (intent === 'remove') {
    if (!session) return refuse(invalidKey);
    const result = await removeItem(db, session, key);
    const product =
      result.ok && result.value.productId
        ? (await productRowsById(db, [result.value.productId])).get(result.value.productId)
        : undefined;
    return reply(
      result,
      t('cart.removed', { name: localize(product?.name, locale) }),
      null,
      session,
    );
  }
  if (intent === 'update') {
    if (!session) return refuse(invalidKey);
    // The cart page sends every line's quantity as quantity[key].
    for (const [field, value] of form) {
      const match = /^quantity\[(\w+)\]$/.exec(field);
      if (!match) continue;
      const quantity = quantitySchema.safeParse(value);
      if (!quantity.success) {
        return refuse(invalidParam('quantity'));
      }
      const result = await updateItemQuantity(
        db,
        session,
        { key: match[1]!, quantity: quantity.data },
        { locale },
      );
      // Lines before this one may have changed already.
      if (!result.ok) return reply(result, '', null, session);
    }
    return reply({ ok: true, value: null }, t('cart.updated'), null, session);
  }
  if (intent === 'apply_coupon') {
    const code = couponCodeSchema.safeParse(form.get('coupon_code') ?? '');
    if (!code.success) return refuse(invalidParam('coupon_code'));
    if (!session) return refuse(couponError.cartContents());
    const ctx = { currency, locale, customerId: session.customerId };
    return reply(await applyCoupon(db, session, code.data, ctx), t('coupon.applied'));
  }
  if (intent === 'remove_coupon') {
    const code = couponCodeSchema.safeParse(form.get('coupon') ?? '');
    if (!code.success || !session) return refuse(couponError.notApplied());
    return reply(await removeCoupon(db, session, code.data), t('coupon.removed'));
  }
  if (isShippingIntent(intent)) {
    const { session, setCookie } = await startSession();
    const result = await handleShippingForm(db, session, intent, form, { currency, locale });
    const done = t(intent === 'calc_shipping' ? 'shipping.updated' : 'shipping.method_changed');
    const answer = await reply(result, done, setCookie, result.ok ? session : null);
    if (!result.ok && intent === 'calc_shipping') answer.data.values = calculatorValues(form);
    return answer;
  }
  return refuse(invalidParam('intent'));
}

/** A grouped product's children as its page posts them: `quantity[ID]` each. */
const GROUPED_QUANTITY = /^quantity\[(\d{1,9})\]$/;

async function addGrouped(
  form: FormData,
  args: { request: Request; context: AppLoadContext },
  reply: (
    result: Result<unknown>,
    success: string,
    setCookie?: string | null,
    changed?: CartOwner | null,
  ) => Promise<ReturnType<typeof data<CartActionData>>>,
  refuse: (error: DomainError) => Promise<ReturnType<typeof data<CartActionData>>>,
) {
  const { db, t, locale, currency, startSession } = shop(args);
  const group = idSchema.safeParse(form.get('add-to-cart') ?? form.get('product_id'));
  if (!group.success) return refuse(invalidParam('product_id'));
  const quantities: { id: number; quantity: number }[] = [];
  for (const [field, value] of form) {
    const match = GROUPED_QUANTITY.exec(field);
    if (!match) continue;
    if (value === '') continue;
    const quantity = quantitySchema.safeParse(value);
    if (!quantity.success || quantities.length >= 100) return refuse(invalidParam('quantity'));
    quantities.push({ id: Number(match[1]), quantity: quantity.data });
  }
  const { session, setCookie } = await startSession();
  const result = await addGroupedItems(
    db,
    session,
    { groupId: group.data, quantities },
    { currency, locale },
  );
  return reply(
    result,
    result.ok ? t('product.grouped_added', { names: result.value.names.join(', ') }) : '',
    setCookie,
    result.ok ? session : null,
  );
}
