import { describe, expect, it } from 'vitest';
import {
  type MethodRule,
  type PackageFacts,
  type ZoneRule,
  chooseRate,
  findZone,
  flatRateCost,
  freeShippingAvailable,
  freeShippingOffer,
  postcodeMatches,
  quoteRates,
  zoneMatches,
} from './shipping.rules.ts';
import type { FlatRateSettings } from './shipping.schema.ts';

const to = (country: string, postcode = '', state = '') => ({ country, postcode, state });

describe('postcode patterns', () => {
  it.each([
    ['04109', '04109', true],
    ['04109', '04108', false],
    ['04*', '04109', true],
    ['04*', '14109', false],
    ['10*', '10115', true],
    ['10000...19999', '10115', true],
    ['10000...19999', '19999', true],
    ['10000...19999', '20000', false],
    ['10000...19999', '09999', false],
    ['19999...10000', '15000', true],
    ['10000...19999', 'AB123', false],
    ['SW1A*', 'sw1a 1aa', true],
    ['1012 AB', '1012AB', true],
    ['04*', '', false],
  ] as const)('%s ~ %s: %s', (pattern, postcode, expected) => {
    expect(postcodeMatches(pattern, postcode)).toBe(expected);
  });
});

describe('zones', () => {
  const zone = (
    id: number,
    position: number,
    locations: ZoneRule['locations'],
    restOfWorld = false,
  ) => ({ id, position, restOfWorld, locations }) satisfies ZoneRule;
  const leipzig = zone(1, 0, [
    { type: 'country', code: 'DE' },
    { type: 'postcode', code: '04*' },
  ]);
  const germany = zone(2, 1, [{ type: 'country', code: 'DE' }]);
  const california = zone(3, 2, [{ type: 'state', code: 'US:CA' }]);
  const eu = zone(4, 3, [
    { type: 'country', code: 'AT' },
    { type: 'country', code: 'NL' },
  ]);
  const world = zone(5, 9, [], true);
  const all = [world, eu, california, germany, leipzig];

  it('matches country, state and postcode together', () => {
    expect(zoneMatches(leipzig, to('DE', '04109'))).toBe(true);
    expect(zoneMatches(leipzig, to('DE', '10115'))).toBe(false);
    expect(zoneMatches(leipzig, to('AT', '0410'))).toBe(false);
    expect(zoneMatches(california, to('US', '90210', 'CA'))).toBe(true);
    expect(zoneMatches(california, to('US', '10001', 'NY'))).toBe(false);
    expect(zoneMatches(zone(9, 0, []), to('DE'))).toBe(false);
  });

  it('takes the first matching zone by position, the rest of the world last', () => {
    expect(findZone(all, to('DE', '04109'))?.id).toBe(1);
    expect(findZone(all, to('DE', '10115'))?.id).toBe(2);
    // No postcode yet (estimate): the postcode zone does not match, the country zone does.
    expect(findZone(all, to('DE', ''))?.id).toBe(2);
    expect(findZone(all, to('US', '90210', 'CA'))?.id).toBe(3);
    expect(findZone(all, to('NL', '1012 AB'))?.id).toBe(4);
    expect(findZone(all, to('JP', '100-0001'))?.id).toBe(5);
    expect(findZone([germany], to('JP'))).toBeNull();
  });
});

describe('rates', () => {
  const flat: FlatRateSettings = {
    cost: 490,
    taxable: true,
    classCosts: { bulky: 1500, crate: 490 },
    noClassCost: 0,
    calculation: 'per_class',
  };
  const facts = (over: Partial<PackageFacts> = {}): PackageFacts => ({
    classes: [null],
    itemsBeforeDiscount: 3000,
    itemsAfterDiscount: 3000,
    freeShippingCoupon: false,
    ...over,
  });

  it('adds the cost of each class present once (per class) or the dearest (per order)', () => {
    expect(flatRateCost(flat, [null, null])).toBe(490);
    expect(flatRateCost(flat, [null, 'bulky', 'bulky'])).toBe(1990);
    expect(flatRateCost(flat, ['bulky', 'crate'])).toBe(2480);
    expect(flatRateCost({ ...flat, calculation: 'per_order' }, ['bulky', 'crate'])).toBe(1990);
    expect(flatRateCost({ ...flat, noClassCost: 100 }, [null, 'unknown'])).toBe(590);
  });

  it('offers free shipping from the minimum after discounts, as WooCommerce does', () => {
    const min = { requires: 'min_amount', minAmount: 5000, ignoreDiscounts: false } as const;
    expect(freeShippingAvailable(min, facts({ itemsAfterDiscount: 5000 }))).toBe(true);
    expect(freeShippingAvailable(min, facts({ itemsAfterDiscount: 4999 }))).toBe(false);
    // 55 € of goods with a 10 % coupon is 49,50 €: below the minimum ...
    const discounted = facts({ itemsBeforeDiscount: 5500, itemsAfterDiscount: 4950 });
    expect(freeShippingAvailable(min, discounted)).toBe(false);
    // ... unless the method ignores discounts.
    expect(freeShippingAvailable({ ...min, ignoreDiscounts: true }, discounted)).toBe(true);
  });

  it.each([
    ['none', false, false, true],
    ['coupon', false, true, true],
    ['coupon', true, false, false],
    ['either', true, false, true],
    ['either', false, true, true],
    ['either', false, false, false],
    ['both', true, false, false],
    ['both', true, true, true],
  ] as const)(
    'free shipping requiring %s (minimum %s, coupon %s): %s',
    (requires, min, coupon, ok) => {
      const settings = { requires, minAmount: 5000, ignoreDiscounts: false };
      const f = facts({ itemsAfterDiscount: min ? 6000 : 1000, freeShippingCoupon: coupon });
      expect(freeShippingAvailable(settings, f)).toBe(ok);
    },
  );

  const methods: MethodRule[] = [
    {
      instanceId: 11,
      methodId: 'free_shipping',
      position: 0,
      enabled: true,
      settings: {
        requires: 'min_amount',
        minAmount: 5000,
        ignoreDiscounts: false,
        excludedClasses: ['bulky'],
      },
    },
    { instanceId: 12, methodId: 'flat_rate', position: 1, enabled: true, settings: flat },
    {
      instanceId: 13,
      methodId: 'local_pickup',
      position: 2,
      enabled: true,
      settings: { cost: 0, taxable: true },
    },
    {
      instanceId: 14,
      methodId: 'local_pickup',
      position: 3,
      enabled: false,
      settings: { cost: 0, taxable: true },
    },
  ];

  it('quotes the enabled methods in order, free shipping only when it applies', () => {
    expect(quoteRates(methods, facts()).map((q) => [q.methodId, q.cost])).toEqual([
      ['flat_rate', 490],
      ['local_pickup', 0],
    ]);
    expect(
      quoteRates(methods, facts({ itemsAfterDiscount: 6000 })).map((q) => q.instanceId),
    ).toEqual([11, 12, 13]);
  });

  it('leaves out methods that refuse a class in the package', () => {
    const bulky = facts({ classes: [null, 'bulky'], itemsAfterDiscount: 20_000 });
    expect(quoteRates(methods, bulky).map((q) => [q.methodId, q.cost])).toEqual([
      ['flat_rate', 1990],
      ['local_pickup', 0],
    ]);
  });

  it('keeps the chosen rate while it is offered, otherwise the first', () => {
    const rates = [{ rateId: 'flat_rate:12' }, { rateId: 'local_pickup:13' }];
    expect(chooseRate(rates, 'local_pickup:13')?.rateId).toBe('local_pickup:13');
    expect(chooseRate(rates, 'free_shipping:11')?.rateId).toBe('flat_rate:12');
    expect(chooseRate([], 'flat_rate:12')).toBeNull();
  });
});

describe('free shipping a zone promises', () => {
  const free = (
    instanceId: number,
    requires: 'none' | 'min_amount' | 'coupon' | 'either' | 'both',
    minAmount: number,
    enabled = true,
  ): MethodRule => ({
    instanceId,
    methodId: 'free_shipping',
    position: instanceId,
    enabled,
    settings: { requires, minAmount, ignoreDiscounts: false },
  });
  const flatRate: MethodRule = {
    instanceId: 9,
    methodId: 'flat_rate',
    position: 0,
    enabled: true,
    settings: {
      cost: 490,
      taxable: true,
      classCosts: {},
      noClassCost: 0,
      calculation: 'per_class',
    },
  };

  it('names the lowest minimum reached by spending alone', () => {
    expect(freeShippingOffer([flatRate, free(1, 'either', 5000)])).toEqual({ minAmount: 5000 });
    expect(freeShippingOffer([free(1, 'min_amount', 9000), free(2, 'either', 6000)])).toEqual({
      minAmount: 6000,
    });
  });

  it('has no minimum when free shipping needs nothing', () => {
    expect(freeShippingOffer([free(1, 'none', 5000)])).toEqual({ minAmount: null });
    expect(freeShippingOffer([free(1, 'min_amount', 0)])).toEqual({ minAmount: null });
  });

  it('promises nothing without an enabled method open to every shopper', () => {
    expect(freeShippingOffer([flatRate])).toBeNull();
    expect(freeShippingOffer([free(1, 'coupon', 0), free(2, 'both', 5000)])).toBeNull();
    expect(freeShippingOffer([free(1, 'min_amount', 5000, false)])).toBeNull();
  });
});
