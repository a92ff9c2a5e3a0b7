// The unit-price refresh (`POST /wc-ajax/gzd_refresh_unit_price`) as the browser's observer
// and the endpoint both see it.

/** More prices than any page shows at once: a larger batch is refused. */
export const MAX_UNIT_PRICE_ITEMS = 100;

export const UNIT_PRICE_REFRESH_URL = '/wc-ajax/gzd_refresh_unit_price';

export type UnitPriceRefreshItem = {
  product_id: number;
  /** The regular price shown, in major units with a decimal point ("12.49"). */
  price: string;
  /** The sale price shown, or '' when there is no sale. */
  price_sale: string;
  quantity: number;
  key: string;
};

export type UnitPriceRefreshRequest = {
  security?: string;
  products: UnitPriceRefreshItem[];
  queue_id: string;
};

export type UnitPriceRefreshAnswer = {
  products: Record<string, { product_id: number; unit_price_html?: string }>;
};
