// The wallet sheet's states and transitions (payments spec sections 4 to 6), pure: the hook in
// use-wallet-sheet.ts makes the calls and feeds their outcomes in as events.
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
   * order is on its way (it stays so while the page goes on to the order's next address).
   */
  phase: 'closed' | 'open' | 'paying';
  notice: SheetNotice | null;
  terms: ConsentBox;
  digital: ConsentBox;
};

/** Where a refused click says why: the area's notice, or the express area's own box. */
export type RefusedAt = 'notice' | 'terms' | 'digital';

export type WalletSheetEvent =
  | { type: 'clicked' }
  | { type: 'refused'; at: RefusedAt; text: string }
  | { type: 'opened' }
  | { type: 'confirmed' }
  | { type: 'failed'; text: string }
  | { type: 'cancelled' }
  | { type: 'ticked'; box: 'terms' | 'digital'; checked: boolean };

export const initialWalletSheet: WalletSheet = {
  phase: 'closed',
  notice: null,
  terms: { checked: false },
  digital: { checked: false },
};

/** A confirmed sheet is busy until it fails: clicks wait. */
export const sheetBusy = (sheet: WalletSheet) => sheet.phase === 'paying';

/** While a sheet shows, its amount is the one the shopper pays: late lookups keep off it. */
export const sheetShowing = (sheet: WalletSheet) => sheet.phase !== 'closed';

export function walletSheetReducer(sheet: WalletSheet, event: WalletSheetEvent): WalletSheet {
  switch (event.type) {
    case 'clicked':
      return sheetBusy(sheet) ? sheet : { ...sheet, notice: null };
    case 'refused':
      return event.at === 'notice'
        ? { ...sheet, notice: { kind: 'error', text: event.text } }
        : { ...sheet, [event.at]: { ...sheet[event.at], error: event.text } };
    case 'ticked':
      // Ticking clears the box's error; unticking keeps it.
      return {
        ...sheet,
        [event.box]: event.checked ? { checked: true } : { ...sheet[event.box], checked: false },
      };
    case 'failed':
      return { ...sheet, phase: 'closed', notice: { kind: 'error', text: event.text } };
    default:
      return { ...sheet, phase: PHASE_AFTER[event.type] };
  }
}

const PHASE_AFTER = { opened: 'open', confirmed: 'paying', cancelled: 'closed' } as const;

/** What a wallet click finds on the page. */
export type ClickFacts = {
  busy: boolean;
  loginRequired: boolean;
  signedIn: boolean;
  consentGiven: boolean;
  digitalNeeded: boolean;
  digitalGiven: boolean;
  /** Product page only: the add-to-cart state and the last amount lookup's failure. */
  product: {
    addToCart: 'enabled' | 'needs-selection' | 'unavailable';
    quantityError: string | null;
  } | null;
};

/**
 * The way through a wallet click (spec sections 4 and 6), first hurdle first: ignored while
 * busy, to the login, refused for a missing consent ('terms', 'digital') or a product that
 * cannot go in the cart ('needs-selection', 'unavailable', 'quantity'), else the sheet opens,
 * on the product page after the product went in the cart.
 */
export type ClickStep =
  | 'ignore'
  | 'login'
  | 'terms'
  | 'digital'
  | 'needs-selection'
  | 'unavailable'
  | 'quantity'
  | 'add-to-cart'
  | 'open';

export function clickStep(facts: ClickFacts): ClickStep {
  if (facts.busy) return 'ignore';
  if (facts.loginRequired && !facts.signedIn) return 'login';
  if (!facts.consentGiven) return 'terms';
  if (facts.digitalNeeded && !facts.digitalGiven) return 'digital';
  const product = facts.product;
  if (!product) return 'open';
  if (product.addToCart !== 'enabled') return product.addToCart;
  return product.quantityError ? 'quantity' : 'add-to-cart';
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
