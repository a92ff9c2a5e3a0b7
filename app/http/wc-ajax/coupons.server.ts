import { applyCoupon, removeCoupon } from '#app/domain/cart/apply-coupon.server.ts';
import {
  applyCouponFormSchema,
  removeCouponFormSchema,
} from '#app/domain/coupons/coupons.validation.ts';
import type { Result } from '#app/domain/kernel/result.ts';
import type { TextKey, Translate } from '#app/lib/i18n.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import type { Headers } from '../response.ts';
import { WC_AJAX_CODES } from './codes.ts';

/**
 * WooCommerce's notice markup: its cart script looks for `woocommerce-error` to tell a refused
 * coupon from an accepted one, so both answer 200 with HTML, as WooCommerce does.
 */
function noticeHtml(result: Result<unknown>, success: string, t: Translate, headers: Headers) {
  const markup = result.ok
    ? `<div class="woocommerce-message" role="alert">${escapeHtml(success)}</div>`
    : `<ul class="woocommerce-error" role="alert"><li>${escapeHtml(
        t(result.error.code as TextKey, result.error.params),
      )}</li></ul>`;
  return new Response(markup, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

/** POST security, coupon_code, billing_email: applies a coupon; answers a notice. */
export const applyCouponAction = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: applyCouponFormSchema,
  handle: async ({ db, currency, locale, t, input, session, headers }) => {
    const result = await applyCoupon(db, session!, input.coupon_code ?? '', {
      currency,
      locale,
      customerId: session!.customerId,
      email: input.billing_email ?? null,
    });
    return noticeHtml(result, t('coupon.applied'), t, headers);
  },
});

/** POST security, coupon: takes a coupon off the cart; answers a notice. */
export const removeCouponAction = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: removeCouponFormSchema,
  handle: async ({ db, t, input, session, headers }) => {
    const result = await removeCoupon(db, session!, input.coupon ?? '');
    return noticeHtml(result, t('coupon.removed'), t, headers);
  },
});

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The message is the shop's text, but it may quote the code the shopper typed. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
