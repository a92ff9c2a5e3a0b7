import { describe, expect, it } from 'vitest';
import {
  type ClickFacts,
  type ClickStep,
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

  it('a click while the order is on its way (or the page is leaving) changes nothing', () => {
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
  consentGiven: true,
  digitalNeeded: false,
  digitalGiven: false,
  product: null,
};
const onProductPage = (
  addToCart: 'enabled' | 'needs-selection' | 'unavailable',
  quantityError: string | null = null,
) => ({ product: { addToCart, quantityError } });

describe('clickStep', () => {
  it.each<[string, Partial<ClickFacts>, ClickStep]>([
    ['the cart opens the sheet', {}, 'open'],
    ['the product page fills the cart first', onProductPage('enabled'), 'add-to-cart'],
    ['busy buttons ignore clicks', { busy: true, consentGiven: false }, 'ignore'],
    [
      'a logged-out shopper logs in first where the site needs an account',
      { loginRequired: true, consentGiven: false },
      'login',
    ],
    ['a signed-in shopper goes on', { loginRequired: true, signedIn: true }, 'open'],
    ['the terms consent comes first', { consentGiven: false, digitalNeeded: true }, 'terms'],
    ['digital content needs its own consent', { digitalNeeded: true }, 'digital'],
    ['a given digital consent is enough', { digitalNeeded: true, digitalGiven: true }, 'open'],
    [
      'a product without consent is refused for the consent',
      { consentGiven: false, ...onProductPage('unavailable') },
      'terms',
    ],
    ['a variable product needs its options', onProductPage('needs-selection'), 'needs-selection'],
    ['an unavailable product is refused', onProductPage('unavailable'), 'unavailable'],
    [
      'the last amount lookup’s failure stops the click',
      onProductPage('enabled', 'Nur 2 auf Lager'),
      'quantity',
    ],
  ])('%s', (_name, facts, step) => {
    expect(clickStep({ ...ready, ...facts })).toBe(step);
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
