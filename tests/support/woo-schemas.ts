/**
 * The shapes WooCommerce's Store API (v1) answers with, written down from its schema classes
 * (ProductSchema, CartSchema, CartItemSchema and ItemSchema, ImageAttachmentSchema,
 * CheckoutSchema, and the coupon, shipping rate, fee, address and error schemas they nest):
 * every property with its JSON type, nullable where the schema allows null. `check` walks an answer against a
 * shape, arrays and nested objects included, and lists what is missing or mistyped.
 */

export type Shape =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  /** Any JSON value: extension data whose content the schema leaves open. */
  | 'any'
  | { object: Record<string, Shape> }
  | { array: Shape }
  | { nullable: Shape }
  /** Several types allowed, as `type: [a, b]` in WordPress's schemas. */
  | { anyOf: Shape[] }
  /**
   * A property the schema lists for requests only: WooCommerce's answer leaves it out, so an
   * answer may too; when one carries it, it has this type.
   */
  | { requestOnly: Shape };

const obj = (object: Record<string, Shape>): Shape => ({ object });
const arr = (items: Shape): Shape => ({ array: items });
const nul = (shape: Shape): Shape => ({ nullable: shape });
const requestOnly = (shape: Shape): Shape => ({ requestOnly: shape });

/** The currency block every money object carries. */
const currency = {
  currency_code: 'string',
  currency_symbol: 'string',
  currency_minor_unit: 'integer',
  currency_decimal_separator: 'string',
  currency_thousand_separator: 'string',
  currency_prefix: 'string',
  currency_suffix: 'string',
} satisfies Record<string, Shape>;

const priceRange = nul(obj({ min_amount: 'string', max_amount: 'string' }));

export const imageAttachment = obj({
  id: 'integer',
  src: 'string',
  thumbnail: 'string',
  srcset: 'string',
  sizes: 'string',
  name: 'string',
  alt: 'string',
});

const term = obj({ id: 'number', name: 'string', slug: 'string', link: 'string' });

export const product = obj({
  id: 'integer',
  name: 'string',
  slug: 'string',
  parent: 'integer',
  type: 'string',
  variation: 'string',
  permalink: 'string',
  short_description: 'string',
  description: 'string',
  on_sale: 'boolean',
  sku: 'string',
  prices: obj({
    ...currency,
    price: 'string',
    regular_price: 'string',
    sale_price: 'string',
    price_range: priceRange,
  }),
  price_html: 'string',
  average_rating: 'string',
  review_count: 'integer',
  images: arr(imageAttachment),
  categories: arr(term),
  tags: arr(term),
  brands: arr(term),
  attributes: arr(
    obj({
      id: 'integer',
      name: 'string',
      // The schema says string; WooCommerce sends null only for a product's own (non-global)
      // attribute, which the catalog does not have.
      taxonomy: 'string',
      has_variations: 'boolean',
      terms: arr(obj({ id: 'integer', name: 'string', slug: 'string', default: 'boolean' })),
    }),
  ),
  variations: arr(
    obj({
      id: 'integer',
      // The schema says string; WooCommerce sends null for an "any" value, which the catalog's
      // variations do not have.
      attributes: arr(obj({ name: 'string', value: 'string' })),
    }),
  ),
  grouped_products: arr('integer'),
  has_options: 'boolean',
  is_purchasable: 'boolean',
  is_in_stock: 'boolean',
  is_on_backorder: 'boolean',
  low_stock_remaining: nul('number'),
  stock_availability: obj({ text: 'string', class: 'string' }),
  sold_individually: 'boolean',
  add_to_cart: obj({
    text: 'string',
    description: 'string',
    url: 'string',
    single_text: 'string',
    minimum: 'number',
    maximum: 'number',
    multiple_of: 'number',
  }),
  extensions: obj({}),
});

export const cartItem = obj({
  key: 'string',
  id: 'integer',
  type: 'string',
  quantity: 'number',
  quantity_limits: obj({
    minimum: 'number',
    maximum: 'number',
    multiple_of: 'number',
    editable: 'boolean',
  }),
  name: 'string',
  short_description: 'string',
  description: 'string',
  sku: 'string',
  low_stock_remaining: nul('number'),
  backorders_allowed: 'boolean',
  show_backorder_badge: 'boolean',
  sold_individually: 'boolean',
  permalink: 'string',
  images: arr(imageAttachment),
  variation: arr(obj({ raw_attribute: 'string', attribute: 'string', value: 'string' })),
  item_data: arr(obj({ name: 'string', value: 'string', display: 'string' })),
  prices: obj({
    ...currency,
    price: 'string',
    regular_price: 'string',
    sale_price: 'string',
    price_range: priceRange,
    raw_prices: nul(
      obj({ precision: 'integer', price: 'string', regular_price: 'string', sale_price: 'string' }),
    ),
  }),
  totals: obj({
    ...currency,
    line_subtotal: 'string',
    line_subtotal_tax: 'string',
    line_total: 'string',
    line_total_tax: 'string',
  }),
  catalog_visibility: 'string',
  has_cart_item_data: 'boolean',
  extensions: obj({}),
});

const address = {
  first_name: 'string',
  last_name: 'string',
  company: 'string',
  address_1: 'string',
  address_2: 'string',
  city: 'string',
  state: 'string',
  postcode: 'string',
  country: 'string',
  phone: 'string',
} satisfies Record<string, Shape>;

export const shippingAddress = obj(address);
export const billingAddress = obj({ ...address, email: 'string' });

const shippingPackage = obj({
  package_id: { anyOf: ['integer', 'string'] },
  name: 'string',
  destination: obj({
    address_1: 'string',
    address_2: 'string',
    city: 'string',
    state: 'string',
    postcode: 'string',
    country: 'string',
  }),
  items: arr(obj({ key: 'string', name: 'string', quantity: 'number' })),
  shipping_rates: arr(
    obj({
      rate_id: 'string',
      name: 'string',
      description: 'string',
      delivery_time: 'string',
      price: 'string',
      taxes: 'string',
      method_id: 'string',
      instance_id: 'integer',
      meta_data: arr(obj({ key: 'string', value: 'string' })),
      selected: 'boolean',
      ...currency,
    }),
  ),
});

export const cart = obj({
  coupons: arr(
    obj({
      code: 'string',
      discount_type: 'string',
      totals: obj({ ...currency, total_discount: 'string', total_discount_tax: 'string' }),
    }),
  ),
  shipping_rates: arr(shippingPackage),
  shipping_address: shippingAddress,
  billing_address: billingAddress,
  items: arr(cartItem),
  items_count: 'integer',
  items_weight: 'number',
  cross_sells: arr(product),
  needs_payment: 'boolean',
  needs_shipping: 'boolean',
  has_calculated_shipping: 'boolean',
  fees: arr(
    obj({
      // The schema names the fee's identifier `id`; WooCommerce's answer sends it as `key`.
      id: 'string',
      key: 'string',
      name: 'string',
      totals: obj({ ...currency, total: 'string', total_tax: 'string' }),
    }),
  ),
  totals: obj({
    ...currency,
    total_items: 'string',
    total_items_tax: 'string',
    total_fees: 'string',
    total_fees_tax: 'string',
    total_discount: 'string',
    total_discount_tax: 'string',
    total_shipping: nul('string'),
    total_shipping_tax: nul('string'),
    total_price: 'string',
    total_tax: 'string',
    tax_lines: arr(obj({ name: 'string', price: 'string', rate: 'string' })),
  }),
  errors: arr(obj({ code: 'string', message: 'string' })),
  payment_methods: arr('string'),
  payment_requirements: arr('string'),
  extensions: obj({}),
});

export const checkout = obj({
  order_id: 'integer',
  status: 'string',
  order_key: 'string',
  order_number: 'string',
  customer_note: 'string',
  customer_id: 'integer',
  billing_address: billingAddress,
  shipping_address: shippingAddress,
  payment_method: 'string',
  create_account: requestOnly('boolean'),
  // Always an object: before any payment its status and redirect are empty strings.
  payment_result: obj({
    payment_status: 'string',
    payment_details: arr(obj({ key: 'string', value: 'string' })),
    redirect_url: 'string',
  }),
  additional_fields: obj({}),
  __experimentalCart: nul(cart),
  extensions: obj({}),
});

/** A Store API error answer. */
export const error = obj({ code: 'string', message: 'string', data: obj({}) });

function typeOk(value: unknown, type: 'string' | 'integer' | 'number' | 'boolean'): boolean {
  if (type === 'integer') return Number.isInteger(value);
  return typeof value === type;
}

/**
 * Where `value` departs from `shape`: a property missing or of another type, at any depth.
 * Properties the shape does not name are allowed (the shop's own additions).
 */
export function check(value: unknown, shape: Shape, path = '$'): string[] {
  if (shape === 'any') return [];
  if (typeof shape === 'string') {
    return typeOk(value, shape) ? [] : [`${path}: expected ${shape}, got ${JSON.stringify(value)}`];
  }
  if ('nullable' in shape) return value === null ? [] : check(value, shape.nullable, path);
  if ('requestOnly' in shape) return check(value, shape.requestOnly, path);
  if ('anyOf' in shape) {
    return shape.anyOf.some((s) => check(value, s, path).length === 0)
      ? []
      : [`${path}: expected one of ${JSON.stringify(shape.anyOf)}, got ${JSON.stringify(value)}`];
  }
  if ('array' in shape) {
    if (!Array.isArray(value)) return [`${path}: expected an array, got ${JSON.stringify(value)}`];
    return value.flatMap((item, i) => check(item, shape.array, `${path}[${i}]`));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${path}: expected an object, got ${JSON.stringify(value)}`];
  }
  const record = value as Record<string, unknown>;
  return Object.entries(shape.object).flatMap(([key, inner]) => {
    if (key in record) return check(record[key], inner, `${path}.${key}`);
    return typeof inner === 'object' && 'requestOnly' in inner ? [] : [`${path}.${key}: missing`];
  });
}

/** Every array a shape holds, at any depth, as `$.items[].variation`. */
export function arrayPaths(shape: Shape, path = '$'): string[] {
  if (typeof shape === 'string') return [];
  if ('nullable' in shape) return arrayPaths(shape.nullable, path);
  if ('requestOnly' in shape) return arrayPaths(shape.requestOnly, path);
  if ('anyOf' in shape) return shape.anyOf.flatMap((s) => arrayPaths(s, path));
  if ('array' in shape) return [path, ...arrayPaths(shape.array, `${path}[]`)];
  return Object.entries(shape.object).flatMap(([key, inner]) =>
    arrayPaths(inner, `${path}.${key}`),
  );
}

/**
 * The arrays of `shape` that hold at least one element in `value`, named as `arrayPaths` names
 * them: an empty array checks no item shape, so a test must see each one filled somewhere.
 */
export function filledArrays(value: unknown, shape: Shape, path = '$', found = new Set<string>()) {
  if (typeof shape === 'string' || value === null || value === undefined) return found;
  if ('nullable' in shape) return filledArrays(value, shape.nullable, path, found);
  if ('requestOnly' in shape) return filledArrays(value, shape.requestOnly, path, found);
  if ('anyOf' in shape) {
    for (const s of shape.anyOf) filledArrays(value, s, path, found);
    return found;
  }
  if ('array' in shape) {
    if (!Array.isArray(value) || value.length === 0) return found;
    found.add(path);
    for (const item of value) filledArrays(item, shape.array, `${path}[]`, found);
    return found;
  }
  if (typeof value !== 'object' || Array.isArray(value)) return found;
  const record = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(shape.object)) {
    filledArrays(record[key], inner, `${path}.${key}`, found);
  }
  return found;
}
