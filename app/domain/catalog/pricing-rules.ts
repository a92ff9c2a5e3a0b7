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

export function activePrice(p: PriceFields, now: Date = new Date()): number | null {
  return isOnSale(p, now) ? p.salePrice : p.regularPrice;
}

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
