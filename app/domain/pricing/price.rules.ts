import { grossOfNet } from './tax.ts';

/** The price columns of a product or variation, in minor units. */
export type PriceFields = {
  regularPrice: number | null;
  salePrice: number | null;
  saleFrom: Date | null;
  saleTo: Date | null;
};

/** A sale price counts only inside its schedule and only when it undercuts the regular price. */
export function isOnSale(p: PriceFields, now: Date = new Date()): boolean {
  if (p.salePrice === null || p.regularPrice === null) return false;
  if (p.salePrice >= p.regularPrice) return false;
  if (p.saleFrom && p.saleFrom > now) return false;
  if (p.saleTo && p.saleTo <= now) return false;
  return true;
}

/** The price a shopper pays now; null when the item has no price and cannot be bought. */
export function activePrice(p: PriceFields, now: Date = new Date()): number | null {
  return isOnSale(p, now) ? p.salePrice : p.regularPrice;
}

export type CurrentPrice = {
  regular: number | null;
  active: number | null;
  onSale: boolean;
  /** When the running sale ends; null when there is no sale or it has no end. */
  saleEndsAt: Date | null;
};

/** Everything a price display needs for one product or variation at `now`. */
export function currentPrice(p: PriceFields, now: Date = new Date()): CurrentPrice {
  const onSale = isOnSale(p, now);
  return {
    regular: p.regularPrice,
    active: onSale ? p.salePrice : p.regularPrice,
    onSale,
    saleEndsAt: onSale ? p.saleTo : null,
  };
}

export type LowestPrice<T> = {
  /** The item that costs least now; the first item when none has a price. */
  cheapest: T | undefined;
  /** The cheapest item's regular price. */
  regular: number | null;
  active: number | null;
  onSale: boolean;
  /** Lowest and highest price now, set only when they differ. */
  range: { min: number; max: number } | null;
};

/** The "from" price of several items, e.g. the variations of a variable product. */
export function lowestPrice<T extends PriceFields>(
  items: readonly T[],
  now: Date = new Date(),
): LowestPrice<T> {
  const priced = items.map((item) => ({ item, active: activePrice(item, now) }));
  const actives = priced.map((p) => p.active).filter((p): p is number => p !== null);
  const min = actives.length ? Math.min(...actives) : null;
  const max = actives.length ? Math.max(...actives) : null;
  const cheapest = (priced.find((p) => p.active === min) ?? priced[0])?.item;
  return {
    cheapest,
    regular: cheapest?.regularPrice ?? null,
    active: min,
    onSale: cheapest ? isOnSale(cheapest, now) : false,
    range: min !== null && max !== null && min !== max ? { min, max } : null,
  };
}

/** The unit-price columns: the product holds `productUnits` of `unit`, shown per `unitBase`. */
export type UnitPriceFields = {
  unit: string | null;
  productUnits: number | null;
  unitBase: number | null;
};

/** Price per base unit (e.g. per 1 kg) for a product holding `productUnits` of that unit. */
export function unitPrice(price: number, u: UnitPriceFields): number | null {
  if (!u.unit || !u.productUnits || !u.unitBase || u.productUnits <= 0) return null;
  return Math.round((price / u.productUnits) * u.unitBase);
}

/** A price that applies from `from` on, until the next step. */
export type PriceStep = { price: number; reduced: boolean; from: Date };

/**
 * The price from `now` on and each change its sale schedule brings later: what the price
 * history records whenever a price is set. An item without a price has no steps.
 */
export function priceSteps(p: PriceFields, now: Date): PriceStep[] {
  const step = (at: Date): PriceStep | null => {
    const price = activePrice(p, at);
    return price === null ? null : { price, reduced: isOnSale(p, at), from: at };
  };
  const moments = [now, p.saleFrom, p.saleTo].filter(
    (at): at is Date => at !== null && at.getTime() >= now.getTime(),
  );
  const steps: PriceStep[] = [];
  for (const at of [...new Set(moments.map((m) => m.getTime()))].sort((a, b) => a - b)) {
    const next = step(new Date(at));
    const last = steps.at(-1);
    if (next && (!last || last.price !== next.price || last.reduced !== next.reduced)) {
      steps.push(next);
    }
  }
  return steps;
}

/** Omnibus (PAngV § 11): the reference window before a reduction. */
export const LOWEST_PRICE_DAYS = 30;

/**
 * The item with its prices as the shopper pays them. Prices entered without VAT get the
 * rate of the country taxed on top, each rounded to the cent; gross-entered ones stay.
 */
export function shownPrices<T extends Pick<PriceFields, 'regularPrice' | 'salePrice'>>(
  item: T,
  rate: number,
  pricesIncludeTax: boolean,
): T {
  if (pricesIncludeTax) return item;
  const gross = (amount: number | null) => (amount === null ? null : grossOfNet(amount, rate));
  return { ...item, regularPrice: gross(item.regularPrice), salePrice: gross(item.salePrice) };
}
