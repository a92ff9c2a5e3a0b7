import type Stripe from 'stripe';
import type { Caller } from './caller.ts';
import { now } from './objects.ts';
import type { Stored } from './store.server.ts';

/** The sandbox's hosted pages, one per kind of next action. */
export type ActionPage = 'three_d_secure' | 'authorize' | 'voucher' | 'qr' | 'blik';

type NextAction = Stripe.PaymentIntent.NextAction & Stripe.SetupIntent.NextAction;

/** A hosted page's address carries the attempt's nonce: it works for this attempt only. */
export function hostedUrl(
  caller: Pick<Caller, 'publicOrigin'>,
  stored: Stored<unknown>,
  page: string,
) {
  return `${caller.publicOrigin}/__sandbox/stripe/${page}/${stored.id}?nonce=${stored.hidden.nonce as string}`;
}

/** The intent's `next_action` for a hosted page, as Stripe shapes it for the method. */
export function nextAction(
  page: ActionPage,
  caller: Pick<Caller, 'publicOrigin'>,
  stored: Stored<unknown>,
  methodType: string,
  returnUrl: string | undefined,
): NextAction {
  switch (page) {
    case 'three_d_secure':
    case 'authorize':
      return {
        type: 'redirect_to_url',
        redirect_to_url: { url: hostedUrl(caller, stored, page), return_url: returnUrl ?? null },
      };
    case 'voucher':
      return voucherAction(caller, stored, methodType) as NextAction;
    case 'qr':
      return qrAction(caller, stored, methodType, returnUrl) as NextAction;
    case 'blik':
      return { type: 'blik_authorize' } as NextAction;
  }
}

function voucherAction(
  caller: Pick<Caller, 'publicOrigin'>,
  stored: Stored<unknown>,
  type: string,
): Stripe.PaymentIntent.NextAction {
  const url = hostedUrl(caller, stored, 'voucher');
  const expires = now() + 3 * 86400;
  const number = stored.id.replace(/\D/g, '').padEnd(12, '7').slice(0, 12);
  if (type === 'boleto') {
    return {
      type: 'boleto_display_details',
      boleto_display_details: { expires_at: expires, hosted_voucher_url: url, number, pdf: null },
    };
  }
  if (type === 'oxxo') {
    return {
      type: 'oxxo_display_details',
      oxxo_display_details: { expires_after: expires, hosted_voucher_url: url, number },
    };
  }
  return {
    type: 'multibanco_display_details',
    multibanco_display_details: {
      entity: '12345',
      expires_at: expires,
      hosted_voucher_url: url,
      reference: number.slice(0, 9),
    },
  };
}

function qrAction(
  caller: Pick<Caller, 'publicOrigin'>,
  stored: Stored<unknown>,
  type: string,
  returnUrl: string | undefined,
): Stripe.PaymentIntent.NextAction {
  const page = hostedUrl(caller, stored, 'qr');
  const image = `${caller.publicOrigin}/__sandbox/stripe/qr/${stored.id}.svg`;
  if (type === 'wechat_pay') {
    return {
      type: 'wechat_pay_display_qr_code',
      wechat_pay_display_qr_code: {
        data: page,
        hosted_instructions_url: page,
        image_data_url: image,
        image_url_png: image,
        image_url_svg: image,
      },
    };
  }
  return {
    type: 'cashapp_handle_redirect_or_display_qr_code',
    cashapp_handle_redirect_or_display_qr_code: {
      hosted_instructions_url: page,
      mobile_auth_url: page + (returnUrl ? `&return_url=${encodeURIComponent(returnUrl)}` : ''),
      qr_code: { expires_at: now() + 600, image_url_png: image, image_url_svg: image },
    },
  };
}
