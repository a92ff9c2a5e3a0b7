// The wallet sheet's states and transitions (payments spec sections 4 to 6), pure: the hook in
// use-wallet-sheet.ts makes the calls and feeds their outcomes in as events.
import type { TextKey } from '#app/lib/i18n.ts';
import type {
  ExpressDisplayItem,
  ExpressPageKind,
} from '#app/domain/payments/stripe/express.view.ts';
import type { Totals } from './express-calls.ts';

/** The terms box of the checkout and order-pay forms. */
export const PAGE_TERMS_ID = 'terms';
/** Their digital-content box, present when the cart needs that consent. */
export const PAGE_DIGITAL_ID = 'terms-digital';

/** Checkout and order-pay have the consent boxes in their form; the wallets use those. */
export const usesPageTerms = (kind: ExpressPageKind) =>
  kind === 'checkout' || kind === 'pay_for_order';

/** The ids of the consent boxes a wallet click checks on a page of this kind. */
export function consentBoxIds(kind: ExpressPageKind): { terms: string; digital: string } {
  return usesPageTerms(kind)
    ? { terms: PAGE_TERMS_ID, digital: PAGE_DIGITAL_ID }
    : { terms: `express-terms-${kind}`, digital: `express-terms-digital-${kind}` };
}

/** The amounts the sheet shows, in the provider's decimals. */
export type Live = {
  total: number;
  displayItems: ExpressDisplayItem[];
  requestShipping: boolean;
};

export function fromTotals(data: Totals, requestShipping: boolean): Live {
  return {
    total: Number(data.total?.amount ?? 0),
    displayItems: Array.isArray(data.displayItems) ? data.displayItems : [],
    requestShipping: data.requestShipping ?? requestShipping,
  };
}

export type ConsentBox = { checked: boolean; error?: string };
export type SheetNotice = { kind: 'error' | 'info'; text: string };

export type WalletSheet = {
  /**
   * closed: no sheet; open: the wallet's sheet shows; paying: the shopper confirmed and the
   * order is on its way; leaving: the order went through and the page is going on.
   */
  phase: 'closed' | 'open' | 'paying' | 'leaving';
  notice: SheetNotice | null;
  terms: ConsentBox;
  digital: ConsentBox;
};

export type WalletSheetEvent =
  | { type: 'clicked' }
  | { type: 'refused'; at: RefusedAt; text: string }
  | { type: 'opened' }
  | { type: 'confirmed' }
  | { type: 'failed'; text: string }
  | { type: 'cancelled' }
  | { type: 'left' }
  | { type: 'ticked'; box: 'terms' | 'digital'; checked: boolean };

/** Where a refused click says why: the area's notice, or the express area's own box. */
export type RefusedAt = 'notice' | 'terms' | 'digital';

export const initialWalletSheet: WalletSheet = {
  phase: 'closed',
  notice: null,
  terms: { checked: false },
  digital: { checked: false },
};

/** A confirmed sheet stays busy until it fails or the page leaves: clicks wait. */
export const sheetBusy = (sheet: WalletSheet) =>
  sheet.phase === 'paying' || sheet.phase === 'leaving';

/** While a sheet shows, its amount is the one the shopper pays: late lookups keep off it. */
export const sheetShowing = (sheet: WalletSheet) => sheet.phase !== 'closed';

export function walletSheetReducer(sheet: WalletSheet, event: WalletSheetEvent): WalletSheet {
  switch (event.type) {
    case 'clicked':
      return sheetBusy(sheet) ? sheet : { ...sheet, notice: null };
    case 'refused':
      if (event.at === 'notice') return { ...sheet, notice: { kind: 'error', text: event.text } };
      return { ...sheet, [event.at]: { ...sheet[event.at], error: event.text } };
    case 'opened':
      return { ...sheet, phase: 'open' };
    case 'confirmed':
      return { ...sheet, phase: 'paying' };
    case 'failed':
      return { ...sheet, phase: 'closed', notice: { kind: 'error', text: event.text } };
    case 'cancelled':
      return { ...sheet, phase: 'closed' };
    case 'left':
      return { ...sheet, phase: 'leaving' };
    case 'ticked':
      return {
        ...sheet,
        [event.box]: event.checked ? { checked: true } : { ...sheet[event.box], checked: false },
      };
  }
}

/** What a wallet click finds on the page. */
export type ClickFacts = {
  busy: boolean;
  loginRequired: boolean;
  signedIn: boolean;
  /** The consent boxes are the checkout or order-pay form's. */
  pageTerms: boolean;
  consentGiven: boolean;
  digitalNeeded: boolean;
  digitalGiven: boolean;
  /** Product page only: the add-to-cart state and the last amount lookup's failure. */
  product: {
    addToCart: 'enabled' | 'needs-selection' | 'unavailable';
    quantityError: string | null;
  } | null;
};

export type ClickStep =
  | { step: 'ignore' }
  | { step: 'login' }
  | {
      step: 'refuse';
      at: RefusedAt;
      message: TextKey | { text: string };
      focus: 'terms' | 'digital' | null;
    }
  | { step: 'open'; addToCart: boolean };

/** The way through a wallet click (spec sections 4 and 6), first hurdle first. */
export function clickStep(facts: ClickFacts): ClickStep {
  if (facts.busy) return { step: 'ignore' };
  // A site that needs an account sends the shopper to log in first.
  if (facts.loginRequired && !facts.signedIn) return { step: 'login' };
  if (!facts.consentGiven)
    return {
      step: 'refuse',
      at: facts.pageTerms ? 'notice' : 'terms',
      message: 'checkout.error.terms',
      focus: 'terms',
    };
  if (facts.digitalNeeded && !facts.digitalGiven)
    return {
      step: 'refuse',
      at: facts.pageTerms ? 'notice' : 'digital',
      message: 'checkout.error.digital',
      focus: 'digital',
    };
  const product = facts.product;
  if (!product) return { step: 'open', addToCart: false };
  if (product.addToCart !== 'enabled')
    return {
      step: 'refuse',
      at: 'notice',
      message:
        product.addToCart === 'needs-selection'
          ? 'express.error.select_options'
          : 'express.error.unavailable',
      focus: null,
    };
  if (product.quantityError)
    return { step: 'refuse', at: 'notice', message: { text: product.quantityError }, focus: null };
  return { step: 'open', addToCart: true };
}

/** The sheet's addresses as the `normalize_address` call's form fields. */
export function normalizeFields(
  billing: Record<string, string>,
  shipping: Record<string, unknown>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(billing)) fields[`data[billing_address][${k}]`] = v;
  for (const [k, v] of Object.entries(shipping)) {
    if (typeof v === 'string') fields[`data[shipping_address][${k}]`] = v;
  }
  return fields;
}
