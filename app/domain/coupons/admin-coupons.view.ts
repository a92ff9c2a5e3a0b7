// The back office's coupon list and editor as pages show them; safe in the browser.

export const ADMIN_COUPON_SORTS = ['created', 'code', 'usage', 'expires'] as const;
export type AdminCouponSort = (typeof ADMIN_COUPON_SORTS)[number];

export const COUPON_KINDS = ['percent', 'fixed_cart', 'fixed_product'] as const;
export type AdminCouponKind = (typeof COUPON_KINDS)[number];

export type AdminCouponQuery = {
  search: string;
  kind: AdminCouponKind | null;
  /** 'active': not expired and uses left; 'expired': past its expiry date or used up. */
  status: 'active' | 'expired' | null;
  sort: AdminCouponSort;
  dir: 'asc' | 'desc';
  /** Keyset cursor: the id of the row the page continues after (or ends before). */
  after: number | null;
  before: number | null;
};

/** The query as the list's URL spells it; defaults are left out. */
export function adminCouponsHref(query: Partial<AdminCouponQuery>): string {
  const params = new URLSearchParams();
  if (query.search) params.set('q', query.search);
  if (query.kind) params.set('type', query.kind);
  if (query.status) params.set('status', query.status);
  if (query.sort && query.sort !== 'created') params.set('sort', query.sort);
  if (query.dir === 'asc') params.set('dir', 'asc');
  if (query.after) params.set('after', String(query.after));
  else if (query.before) params.set('before', String(query.before));
  const search = params.toString();
  return `/admin/coupons${search ? `?${search}` : ''}`;
}

export type AdminCouponRow = {
  id: number;
  code: string;
  description: string;
  kind: AdminCouponKind;
  /** Basis points for percent coupons, gross minor units otherwise. */
  amount: number;
  freeShipping: boolean;
  usageCount: number;
  usageLimit: number | null;
  /** The last day the coupon can be used (Berlin), `YYYY-MM-DD`. */
  lastDay: string | null;
  expired: boolean;
  createdAt: string;
};

export type AdminCouponPage = {
  rows: AdminCouponRow[];
  next: number | null;
  previous: number | null;
};

/** The editor's fields, named as WooCommerce's coupon form names them. */
export const COUPON_FORM_FIELDS = [
  'code',
  'description',
  'discount_type',
  'coupon_amount',
  'free_shipping',
  'expiry_date',
  'minimum_amount',
  'maximum_amount',
  'product_ids',
  'exclude_product_ids',
  'usage_limit',
  'usage_limit_per_user',
  'individual_use',
  'exclude_sale_items',
  'customer_email',
  'limit_usage_to_x_items',
] as const;
export type CouponFormField = (typeof COUPON_FORM_FIELDS)[number];

/** Category choices are ticked in lists of their own. */
export const COUPON_FORM_LISTS = ['product_categories', 'exclude_product_categories'] as const;
export type CouponFormList = (typeof COUPON_FORM_LISTS)[number];

export const couponControlId = (name: string) => `coupon-${name.replace(/_/g, '-')}`;

/** A refused editor post: every field's problem, and what was typed. */
export type CouponEditorAnswer = {
  intent: string;
  message: string;
  field?: string;
  errors?: { field: string; message: string }[];
  values?: Record<string, string>;
  lists?: Record<string, string[]>;
};

/** An order that used the coupon, for the coupon's page. */
export type CouponOrderRow = {
  id: number;
  number: number;
  status: string;
  createdAt: string;
  total: number;
  currency: string;
  discount: number;
};
