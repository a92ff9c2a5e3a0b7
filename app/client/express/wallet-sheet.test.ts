import { describe, expect, it } from 'vitest';
import {
  type ClickFacts,
  type WalletSheet,
  type WalletSheetEvent,
  clickStep,
  consentBoxIds,
  fromTotals,
  initialWalletSheet,
  normalizeFields,
  sheetBusy,
  sheetShowing,
  walletSheetReducer,
} from './wallet-sheet.ts';

const run = (events: WalletSheetEvent[], from: WalletSheet = initialWalletSheet) =>
  events.reduce(walletSheetReducer, from);

describe('walletSheetReducer', () => {
  it.each<[string, WalletSheetEvent[], WalletSheet['phase'], boolean, boolean]>([
    ['a click alone opens nothing', [{ type: 'clicked' }], 'closed', false, false],
    ['the wallet opens its sheet', [{ type: 'opened' }], 'open', false, true],
    [
      'a confirmed sheet is busy',
      [{ type: 'opened' }, { type: 'confirmed' }],
      'paying',
      true,
      true,
    ],
    [
      'a failed payment closes the sheet and frees the buttons',
      [{ type: 'opened' }, { type: 'confirmed' }, { type: 'failed', text: 'Karte abgelehnt' }],
      'closed',
      false,
      false,
    ],
    [
      'a cancelled sheet is closed',
      [{ type: 'opened' }, { type: 'cancelled' }],
      'closed',
      false,
      false,
    ],
    [
      'a placed order keeps the buttons busy while the page leaves',
      [{ type: 'opened' }, { type: 'confirmed' }, { type: 'left' }],
      'leaving',
      true,
      true,
    ],
  ])('%s', (_name, events, phase, busy, showing) => {
    const sheet = run(events);
    expect(sheet.phase).toBe(phase);
    expect(sheetBusy(sheet)).toBe(busy);
    expect(sheetShowing(sheet)).toBe(showing);
  });

  it('a failure is told in the notice; the next click clears it', () => {
    const failed = run([
      { type: 'opened' },
      { type: 'confirmed' },
      { type: 'failed', text: 'Nein' },
    ]);
    expect(failed.notice).toEqual({ kind: 'error', text: 'Nein' });
    expect(walletSheetReducer(failed, { type: 'clicked' }).notice).toBeNull();
  });

  it('a click while the order is on its way changes nothing', () => {
    const paying = run([{ type: 'opened' }, { type: 'confirmed' }]);
    const withNotice = { ...paying, notice: { kind: 'info' as const, text: 'Bitte warten' } };
    expect(walletSheetReducer(withNotice, { type: 'clicked' })).toBe(withNotice);
  });

  it('a refusal goes to the notice or to the box it is about', () => {
    expect(run([{ type: 'refused', at: 'notice', text: 'AGB' }]).notice).toEqual({
      kind: 'error',
      text: 'AGB',
    });
    const boxed = run([{ type: 'refused', at: 'terms', text: 'AGB' }]);
    expect(boxed.terms).toEqual({ checked: false, error: 'AGB' });
    expect(boxed.notice).toBeNull();
    expect(run([{ type: 'refused', at: 'digital', text: 'Digital' }]).digital.error).toBe(
      'Digital',
    );
  });

  it('ticking a box clears its error; unticking keeps it', () => {
    const refused = run([{ type: 'refused', at: 'terms', text: 'AGB' }]);
    expect(
      walletSheetReducer(refused, { type: 'ticked', box: 'terms', checked: false }).terms,
    ).toEqual({ checked: false, error: 'AGB' });
    const ticked = walletSheetReducer(refused, { type: 'ticked', box: 'terms', checked: true });
    expect(ticked.terms).toEqual({ checked: true });
    expect(ticked.digital).toEqual({ checked: false });
  });
});

const ready: ClickFacts = {
  busy: false,
  loginRequired: false,
  signedIn: false,
  pageTerms: false,
  consentGiven: true,
  digitalNeeded: false,
  digitalGiven: false,
  product: null,
};

describe('clickStep', () => {
  it.each<[string, Partial<ClickFacts>, ReturnType<typeof clickStep>]>([
    ['the cart opens the sheet', {}, { step: 'open', addToCart: false }],
    [
      'the product page fills the cart first',
      { product: { addToCart: 'enabled', quantityError: null } },
      { step: 'open', addToCart: true },
    ],
    ['busy buttons ignore clicks', { busy: true, consentGiven: false }, { step: 'ignore' }],
    [
      'a logged-out shopper logs in first where the site needs an account',
      { loginRequired: true, consentGiven: false },
      { step: 'login' },
    ],
    [
      'a signed-in shopper goes on',
      { loginRequired: true, signedIn: true },
      { step: 'open', addToCart: false },
    ],
    [
      'missing terms consent marks the express box',
      { consentGiven: false },
      { step: 'refuse', at: 'terms', message: 'checkout.error.terms', focus: 'terms' },
    ],
    [
      'missing terms consent on checkout goes to the notice',
      { consentGiven: false, pageTerms: true },
      { step: 'refuse', at: 'notice', message: 'checkout.error.terms', focus: 'terms' },
    ],
    [
      'digital content needs its own consent',
      { digitalNeeded: true },
      { step: 'refuse', at: 'digital', message: 'checkout.error.digital', focus: 'digital' },
    ],
    [
      'a given digital consent is enough',
      { digitalNeeded: true, digitalGiven: true },
      { step: 'open', addToCart: false },
    ],
    [
      'a variable product needs its options',
      { product: { addToCart: 'needs-selection', quantityError: null } },
      { step: 'refuse', at: 'notice', message: 'express.error.select_options', focus: null },
    ],
    [
      'an unavailable product is refused',
      { product: { addToCart: 'unavailable', quantityError: null } },
      { step: 'refuse', at: 'notice', message: 'express.error.unavailable', focus: null },
    ],
    [
      'the last amount lookup’s failure is told as it came',
      { product: { addToCart: 'enabled', quantityError: 'Nur 2 auf Lager' } },
      { step: 'refuse', at: 'notice', message: { text: 'Nur 2 auf Lager' }, focus: null },
    ],
  ])('%s', (_name, facts, step) => {
    expect(clickStep({ ...ready, ...facts })).toEqual(step);
  });
});

describe('helpers', () => {
  it('the checkout and order-pay pages use their form’s boxes', () => {
    expect(consentBoxIds('checkout')).toEqual({ terms: 'terms', digital: 'terms-digital' });
    expect(consentBoxIds('pay_for_order')).toEqual({ terms: 'terms', digital: 'terms-digital' });
    expect(consentBoxIds('cart')).toEqual({
      terms: 'express-terms-cart',
      digital: 'express-terms-digital-cart',
    });
  });

  it('reads a totals answer, keeping the shipping flag when the answer has none', () => {
    expect(fromTotals({ total: { amount: 1299 }, displayItems: [] }, true)).toEqual({
      total: 1299,
      displayItems: [],
      requestShipping: true,
    });
    expect(
      fromTotals(
        {
          total: { amount: 500 },
          displayItems: [{ label: 'Tee', amount: 500 }],
          requestShipping: false,
        },
        true,
      ),
    ).toEqual({
      total: 500,
      displayItems: [{ label: 'Tee', amount: 500 }],
      requestShipping: false,
    });
  });

  it('writes both addresses as form fields, leaving out what is not text', () => {
    expect(normalizeFields({ city: 'Köln' }, { city: 'Bonn', method: ['flat_rate:1'] })).toEqual({
      'data[billing_address][city]': 'Köln',
      'data[shipping_address][city]': 'Bonn',
    });
  });
});
