/**
 * The redirect hashes of spec section 2: after the checkout answers, the address hash tells
 * the page what to confirm next. Built on the server, parsed (and cleared) in the browser.
 */
export type IntentKind = 'pi' | 'si';

export type RedirectHash =
  | { kind: 'confirm'; intent: IntentKind; orderId: number; clientSecret: string; nonce: string }
  | {
      kind: 'voucher';
      orderId: number;
      methodType: string;
      clientSecret: string;
      returnUrl: string;
    }
  | {
      kind: 'wallet';
      orderId: number;
      methodType: string;
      intent: IntentKind;
      clientSecret: string;
      returnUrl: string;
      nonce: string;
    }
  | { kind: 'short'; intent: IntentKind; intentId: string; returnUrl: string };

const PART = '[A-Za-z0-9_\\-]+';
const ENCODED = "[A-Za-z0-9_.~!*'()%\\-]+";

const CONFIRM = new RegExp(`^#wc-stripe-confirm-(pi|si):(\\d{1,10}):(${PART}):(${PART})$`);
const VOUCHER = new RegExp(`^#wc-stripe-voucher-(\\d{1,10}):(${PART}):(${PART}):(${ENCODED})$`);
const WALLET = new RegExp(
  `^#wc-stripe-wallet-(\\d{1,10}):(${PART}):(pi|si):(${PART}):(${ENCODED}):(${PART})$`,
);
const SHORT = new RegExp(`^#confirm-(pi|si)-(${PART}):(${ENCODED})$`);

export function buildRedirectHash(hash: RedirectHash): string {
  const url = (u: string) => encodeURIComponent(u);
  switch (hash.kind) {
    case 'confirm':
      return `#wc-stripe-confirm-${hash.intent}:${hash.orderId}:${hash.clientSecret}:${hash.nonce}`;
    case 'voucher':
      return `#wc-stripe-voucher-${hash.orderId}:${hash.methodType}:${hash.clientSecret}:${url(hash.returnUrl)}`;
    case 'wallet':
      return `#wc-stripe-wallet-${hash.orderId}:${hash.methodType}:${hash.intent}:${hash.clientSecret}:${url(hash.returnUrl)}:${hash.nonce}`;
    case 'short':
      return `#confirm-${hash.intent}-${hash.intentId}:${url(hash.returnUrl)}`;
  }
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The hash's parts, or null for anything else (a hash the page does not own). */
export function parseRedirectHash(hash: string): RedirectHash | null {
  if (hash.length > 2000) return null;
  let m = CONFIRM.exec(hash);
  if (m) {
    return {
      kind: 'confirm',
      intent: m[1] as IntentKind,
      orderId: Number(m[2]),
      clientSecret: m[3]!,
      nonce: m[4]!,
    };
  }
  m = VOUCHER.exec(hash);
  if (m) {
    const returnUrl = decode(m[4]!);
    return returnUrl === null
      ? null
      : {
          kind: 'voucher',
          orderId: Number(m[1]),
          methodType: m[2]!,
          clientSecret: m[3]!,
          returnUrl,
        };
  }
  m = WALLET.exec(hash);
  if (m) {
    const returnUrl = decode(m[5]!);
    return returnUrl === null
      ? null
      : {
          kind: 'wallet',
          orderId: Number(m[1]),
          methodType: m[2]!,
          intent: m[3] as IntentKind,
          clientSecret: m[4]!,
          returnUrl,
          nonce: m[6]!,
        };
  }
  m = SHORT.exec(hash);
  if (m) {
    const returnUrl = decode(m[3]!);
    return returnUrl === null
      ? null
      : { kind: 'short', intent: m[1] as IntentKind, intentId: m[2]!, returnUrl };
  }
  return null;
}

/** Spec section 2: a voucher's return URL is followed only on the page's own origin. */
export function sameOriginUrl(candidate: string, origin: string): string | null {
  try {
    const url = new URL(candidate, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/** Spec section 2: on the order-pay page the hash must name the order on the page. */
export function hashFitsPage(hash: RedirectHash, page: { orderPayId: number | null }): boolean {
  if (page.orderPayId === null || hash.kind === 'short') return true;
  return hash.orderId === page.orderPayId;
}
