/** What pages, the mini cart and the Store API show about shipping; safe to import in the browser. */

/** An address in WooCommerce's field names; every field a string, empty when not given. */
export type CustomerAddress = {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
  /** Billing only. */
  email?: string;
  /** Billing only: a business customer's VAT id. */
  vat_id?: string;
};

export type ShippingRateView = {
  /** "flat_rate:3": method and instance, as WooCommerce names rates. */
  rateId: string;
  instanceId: number;
  methodId: string;
  name: string;
  description: string;
  deliveryTime: string;
  /** Gross minor units, and the VAT it contains split over the cart's rates. */
  cost: number;
  tax: number;
  taxable: boolean;
  selected: boolean;
  /** The delivery method config the page's widget reads; absent for rates without a widget. */
  deliveryMethodType?: string;
};

export type ShippingPackageView = {
  packageId: number;
  items: { key: string; name: string; quantity: number }[];
  rates: ShippingRateView[];
  chosenRateId: string | null;
};

export type CartShipping = {
  address: CustomerAddress;
  billingAddress: CustomerAddress;
  packages: ShippingPackageView[];
  /** The chosen rate of the first package, which the totals include. */
  chosen: ShippingRateView | null;
  needsShipping: boolean;
  /** The shopper gave a destination; until then rates are estimated for the shop's country. */
  hasCalculatedShipping: boolean;
};

export function emptyAddress(country = ''): CustomerAddress {
  return {
    first_name: '',
    last_name: '',
    company: '',
    address_1: '',
    address_2: '',
    city: '',
    state: '',
    postcode: '',
    country,
    phone: '',
  };
}
