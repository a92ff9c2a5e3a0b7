import { shopUrl } from './browser.ts';

export type ApiProduct = {
  id: number;
  name: string;
  slug: string;
  type: string;
  is_in_stock: boolean;
  is_purchasable: boolean;
  sold_individually: boolean;
  prices: { price: string };
  extensions: {
    germanized: { unit_price: unknown; deposit_amount: string | null; tax_rate: number };
  };
};

/** The demo catalog as the Store API lists it, to pick products by what they are, not by name. */
export async function catalog(): Promise<ApiProduct[]> {
  const res = await fetch(shopUrl('/wc/store/v1/products?per_page=100'));
  return (await res.json()) as ApiProduct[];
}

export async function simpleInStockProduct(): Promise<ApiProduct> {
  const all = await catalog();
  const found = all.find(
    (p) =>
      p.type === 'simple' &&
      p.is_in_stock &&
      p.is_purchasable &&
      !p.sold_individually &&
      !p.extensions.germanized.deposit_amount,
  );
  if (!found) throw new Error('the demo catalog has no simple product in stock');
  return found;
}
