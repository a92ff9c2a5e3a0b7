/**
 * The express checkout's calls (payments spec section 7): the classic `/wc-ajax/wc_stripe_*`
 * posts with their nonce in `security`, and the Store API checkout with the express marker
 * headers. Every failure comes back as a value with the error catalogue's text.
 */
import { fetchJson } from '#app/client/fetch-json.ts';
import { startingSession } from '#app/client/session-start.ts';
import type { Translate } from '#app/lib/i18n.ts';
import type { OrderPayload } from './express.rules.ts';
import { orderErrorText } from './express.rules.ts';
import type {
  ExpressCheckoutParams,
  ExpressDisplayItem,
  ExpressNonceName,
} from '#app/domain/payments/stripe/express.view.ts';

const TIMEOUT_MS = 30_000;

export type Answer<T> = { ok: true; data: T } | { ok: false; message: string; body?: unknown };

/** The nonces of a page; the shared product page gets the session's on first use. */
export class ExpressNonces {
  private session: Promise<string> | null = null;
  constructor(private readonly params: ExpressCheckoutParams) {}

  async get(name: ExpressNonceName): Promise<string> {
    const given = this.params.nonce[name];
    if (given) return given;
    // One request for all callers: two at once would start two sessions, and the token of
    // one would go with the other's cookie.
    this.session ??= this.startSession();
    const nonce = await this.session;
    // A failed start is tried again by the next call.
    if (!nonce) this.session = null;
    return nonce;
  }

  /** Starts the visitor's session and hands out its token (Nonce header). */
  private async startSession(): Promise<string> {
    const answer = await startingSession(() => fetchJson('/wc/store/v1/cart'));
    return answer.ok ? (answer.headers.get('Nonce') ?? '') : '';
  }
}

function transportText(
  answer: { kind: string } & Record<string, unknown>,
  signal: AbortSignal,
  t: Translate,
) {
  if (answer.kind === 'aborted') {
    const timedOut = (signal.reason as Error | undefined)?.name === 'TimeoutError';
    return t(timedOut ? 'stripe.error.timeout' : 'stripe.error.abort');
  }
  return t('stripe.error.transport');
}

/** One `/wc-ajax/wc_stripe_{endpoint}` call. */
export async function expressAjax<T>(
  params: ExpressCheckoutParams,
  endpoint: string,
  fields: Record<string, string>,
  security: string,
  t: Translate,
): Promise<Answer<T>> {
  const url = params.ajax_url.replace('%%endpoint%%', `wc_stripe_${endpoint}`);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const answer = await fetchJson<Record<string, unknown>>(url, {
    body: new URLSearchParams({ ...fields, security }),
    signal,
  });
  if (!answer.ok) {
    if (answer.kind === 'http') {
      return { ok: false, message: answer.error.message || t('stripe.error.unknown') };
    }
    return { ok: false, message: transportText(answer, signal, t) };
  }
  const body = answer.data ?? {};
  // Both shapes occur: WordPress's { success, data } and a bare object.
  const data = (
    'success' in body && typeof body.data === 'object' && body.data !== null ? body.data : body
  ) as Record<string, unknown>;
  if (body.success === false || typeof data.error === 'string' || isErrorObject(data.error)) {
    const error = data.error;
    const message =
      typeof error === 'string' ? error : isErrorObject(error) ? error.message : undefined;
    return { ok: false, message: message || t('stripe.error.unknown') };
  }
  if (typeof data.result === 'string' && data.result !== 'success') {
    return { ok: false, message: t('stripe.error.unknown'), body: data };
  }
  return { ok: true, data: data as T };
}

function isErrorObject(value: unknown): value is { message?: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type Totals = {
  total: { amount: number; label?: string };
  displayItems: ExpressDisplayItem[];
  requestShipping?: boolean;
};

export type ShippingOptions = Totals & {
  shipping_options: { id: string; label: string; detail?: string; amount: number }[];
};

/** Spec section 3, selected product data. */
export function selectedProductFields(input: {
  productId: number;
  quantity: number;
  attributes: Record<string, string>;
}): Record<string, string> {
  const fields: Record<string, string> = {
    product_id: String(input.productId),
    qty: String(input.quantity),
    addon_value: '0',
  };
  for (const [slug, value] of Object.entries(input.attributes)) {
    fields[`attributes[attribute_${slug}]`] = value;
  }
  return fields;
}

/** Spec section 3, add-to-cart payload. */
export function addToCartFields(input: {
  productId: number;
  variationId: number | null;
  quantity: number;
  attributes: Record<string, string>;
}): Record<string, string> {
  const fields: Record<string, string> = {
    product_id: String(input.productId),
    id: String(input.productId),
    quantity: String(input.quantity),
    qty: String(input.quantity),
  };
  if (input.variationId) fields.variation_id = String(input.variationId);
  for (const [slug, value] of Object.entries(input.attributes)) {
    fields[`attribute_${slug}`] = value;
    fields[`variation[attribute_${slug}]`] = value;
  }
  return fields;
}

/** The address fields get_shipping_options takes. */
export function shippingAddressFields(address: {
  country?: string | null;
  state?: string | null;
  postal_code?: string | null;
  city?: string | null;
  line1?: string | null;
  line2?: string | null;
}): Record<string, string> {
  return {
    country: address.country ?? '',
    state: address.state ?? '',
    postcode: address.postal_code ?? '',
    city: address.city ?? '',
    address: address.line1 ?? '',
    address_2: address.line2 ?? '',
  };
}

export type PaymentResult = {
  payment_status?: string;
  redirect_url?: string;
  payment_details?: { key: string; value: unknown }[];
};

/** The Store API checkout (or pay-for-order) with the order payload. */
export async function placeExpressOrder(
  params: ExpressCheckoutParams,
  nonces: ExpressNonces,
  payload: OrderPayload,
  t: Translate,
): Promise<Answer<{ payment_result?: PaymentResult }>> {
  const pay = params.pay_for_order;
  const url = pay
    ? `/wc/store/v1/checkout/${pay.order_id}?${new URLSearchParams({ key: pay.key, billing_email: pay.billing_email }).toString()}`
    : '/wc/store/v1/checkout';
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const answer = await fetchJson<{ payment_result?: PaymentResult }>(url, {
    json: payload,
    headers: {
      Nonce: await nonces.get('wc_store_api'),
      'X-WCStripe-Express-Checkout': 'true',
      'X-WCStripe-Express-Checkout-Nonce': await nonces.get('wc_store_api_express_checkout'),
    },
    signal,
  });
  if (!answer.ok) {
    if (answer.kind === 'http') {
      return {
        ok: false,
        message: orderErrorText(answer.body, t('stripe.error.order')),
        body: answer.body,
      };
    }
    return { ok: false, message: transportText(answer, signal, t) };
  }
  return { ok: true, data: answer.data ?? {} };
}
