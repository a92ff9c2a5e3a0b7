// The coupons a manager writes: the list's query, the editor's form and the checks every
// change passes, whether it comes from the back office or the REST API.
import {
  berlinDate,
  berlinDay,
  cents,
  germanNumber,
} from '#app/domain/catalog/product-editor.rules.ts';
import type { CouponKind } from '#app/domain/pricing/totals/totals.ts';
import {
  ADMIN_COUPON_SORTS,
  type AdminCouponQuery,
  type AdminCouponSort,
  COUPON_FORM_FIELDS,
  COUPON_KINDS,
  type CouponFormField,
  type CouponFormList,
} from './admin-coupons.view.ts';
import { COUPON_CODE_MAX, formatCouponCode } from './coupons.rules.ts';

export const ADMIN_COUPONS_PER_PAGE = 25;
export const COUPON_DESCRIPTION_MAX = 2000;
/** Products or categories one coupon may name in one list. */
export const COUPON_IDS_MAX = 500;
const LIMIT_MAX = 1_000_000_000;
const FIXED_MAX = 100_000_000;

/** What a coupon holds, in the units the schema keeps. */
export type CouponFields = {
  code: string;
  description: string;
  kind: CouponKind;
  /** Basis points for percent coupons (1000 = 10 %), gross minor units otherwise. */
  amount: number;
  freeShipping: boolean;
  /** The first moment it no longer works; null: never expires. */
  expiresAt: Date | null;
  minimumSpend: number | null;
  maximumSpend: number | null;
  productIds: number[];
  excludedProductIds: number[];
  categoryIds: number[];
  excludedCategoryIds: number[];
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  individualUse: boolean;
  excludeSaleItems: boolean;
  /** Billing e-mails (or `*` patterns) that may use the coupon, lower case; empty: anyone. */
  allowedEmails: string[];
  /** Percent and product coupons: the most pieces discounted; null: all. */
  itemLimit: number | null;
};

export const EMPTY_COUPON: CouponFields = {
  code: '',
  description: '',
  kind: 'fixed_cart',
  amount: 0,
  freeShipping: false,
  expiresAt: null,
  minimumSpend: null,
  maximumSpend: null,
  productIds: [],
  excludedProductIds: [],
  categoryIds: [],
  excludedCategoryIds: [],
  usageLimit: null,
  usageLimitPerCustomer: null,
  individualUse: false,
  excludeSaleItems: false,
  allowedEmails: [],
  itemLimit: null,
};

/** E-mail patterns one coupon may list. */
export const COUPON_EMAILS_MAX = 200;
/** An e-mail address, or a pattern with `*` for any run of characters (`*@example.com`). */
const EMAIL_PATTERN = /^[^\s@,;<>"]{1,64}@[^\s@,;<>"]{1,253}$/;

/** One field's problem: the form control (or REST parameter) and the message key. */
export type FieldProblem = {
  field: string;
  code: string;
  params?: Record<string, string | number>;
};

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const isCouponKind = (value: string): value is CouponKind =>
  (COUPON_KINDS as readonly string[]).includes(value);

/**
 * Checks a coupon as a whole, after any change: each problem names the WooCommerce field it is
 * about. The database checks (a taken code, unknown products) come after these.
 */
export function couponFieldProblems(c: CouponFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (CONTROL.test(c.code) || CONTROL.test(c.description)) {
    problems.push({
      field: CONTROL.test(c.code) ? 'code' : 'description',
      code: 'admin.coupons.error.control',
    });
  }
  if (c.code === '') problems.push({ field: 'code', code: 'admin.coupons.error.code_required' });
  else if (c.code.length > COUPON_CODE_MAX) {
    problems.push({
      field: 'code',
      code: 'admin.coupons.error.code_too_long',
      params: { max: COUPON_CODE_MAX },
    });
  }
  if (c.description.length > COUPON_DESCRIPTION_MAX) {
    problems.push({
      field: 'description',
      code: 'admin.coupons.error.too_long',
      params: { max: COUPON_DESCRIPTION_MAX },
    });
  }
  if (!Number.isInteger(c.amount) || c.amount < 0) {
    problems.push({ field: 'amount', code: 'admin.coupons.error.amount' });
  } else if (c.kind === 'percent' && c.amount > 10_000) {
    problems.push({ field: 'amount', code: 'admin.coupons.error.percent_max' });
  } else if (c.amount > FIXED_MAX) {
    problems.push({ field: 'amount', code: 'admin.coupons.error.amount' });
  }
  for (const [field, value] of [
    ['minimum_amount', c.minimumSpend],
    ['maximum_amount', c.maximumSpend],
  ] as const) {
    if (value !== null && (!Number.isInteger(value) || value < 0 || value > FIXED_MAX)) {
      problems.push({ field, code: 'admin.coupons.error.money' });
    }
  }
  if (
    c.minimumSpend !== null &&
    c.maximumSpend !== null &&
    c.maximumSpend > 0 &&
    c.minimumSpend > c.maximumSpend
  ) {
    problems.push({ field: 'maximum_amount', code: 'admin.coupons.error.min_over_max' });
  }
  for (const [field, value] of [
    ['usage_limit', c.usageLimit],
    ['usage_limit_per_user', c.usageLimitPerCustomer],
  ] as const) {
    if (value !== null && (!Number.isInteger(value) || value < 1 || value > LIMIT_MAX)) {
      problems.push({ field, code: 'admin.coupons.error.limit' });
    }
  }
  for (const [field, ids] of [
    ['product_ids', c.productIds],
    ['excluded_product_ids', c.excludedProductIds],
    ['product_categories', c.categoryIds],
    ['excluded_product_categories', c.excludedCategoryIds],
  ] as const) {
    if (ids.length > COUPON_IDS_MAX) {
      problems.push({
        field,
        code: 'admin.coupons.error.too_many',
        params: { max: COUPON_IDS_MAX },
      });
    }
  }
  if (
    c.itemLimit !== null &&
    (!Number.isInteger(c.itemLimit) || c.itemLimit < 1 || c.itemLimit > LIMIT_MAX)
  ) {
    problems.push({ field: 'limit_usage_to_x_items', code: 'admin.coupons.error.limit' });
  }
  if (c.allowedEmails.length > COUPON_EMAILS_MAX) {
    problems.push({
      field: 'email_restrictions',
      code: 'admin.coupons.error.too_many',
      params: { max: COUPON_EMAILS_MAX },
    });
  } else {
    const bad = c.allowedEmails.find((e) => !EMAIL_PATTERN.test(e) || CONTROL.test(e));
    if (bad !== undefined) {
      problems.push({
        field: 'email_restrictions',
        code: 'admin.coupons.error.email',
        params: { email: bad.slice(0, 80) },
      });
    }
  }
  if (c.expiresAt !== null && Number.isNaN(c.expiresAt.getTime())) {
    problems.push({ field: 'date_expires', code: 'admin.coupons.error.date' });
  }
  return problems;
}

/** A code as it is stored: tags and surrounding blanks gone, as the cart reads codes. */
export const storedCode = (code: string) => formatCouponCode(code);

// ---------------------------------------------------------------------------------------------
// The list's query

const one = (params: URLSearchParams, name: string) => {
  const all = params.getAll(name);
  return all.length === 1 ? all[0]! : '';
};
const cursor = (value: string) => (/^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/** Reads the list's URL; anything unknown or malformed falls back to the default. */
export function parseAdminCouponQuery(params: URLSearchParams): AdminCouponQuery {
  const sort = one(params, 'sort');
  const kind = one(params, 'type');
  const status = one(params, 'status');
  const after = cursor(one(params, 'after'));
  return {
    search: one(params, 'q')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, COUPON_CODE_MAX),
    kind: isCouponKind(kind) ? kind : null,
    status: status === 'active' || status === 'expired' ? status : null,
    sort: (ADMIN_COUPON_SORTS as readonly string[]).includes(sort)
      ? (sort as AdminCouponSort)
      : 'created',
    dir: one(params, 'dir') === 'asc' ? 'asc' : 'desc',
    after,
    before: after === null ? cursor(one(params, 'before')) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The editor's form

/** Field names of the form for the checks' WooCommerce names, where they differ. */
export const FORM_FIELD_OF: Record<string, string> = {
  amount: 'coupon_amount',
  date_expires: 'expiry_date',
  excluded_product_ids: 'exclude_product_ids',
  excluded_product_categories: 'exclude_product_categories',
  email_restrictions: 'customer_email',
};

/** E-mails as typed in a list: separated by commas, semicolons or line breaks; lower case. */
export function emailList(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

const euros = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2).replace('.', ','));
const ids = (list: readonly number[]) => list.join(', ');

/** A saved coupon as the form's text fields. */
export function couponFormValues(c: CouponFields): Record<CouponFormField, string> {
  return {
    code: c.code,
    description: c.description,
    discount_type: c.kind,
    // Nothing off shows as an empty field (read as 0), so typing into it needs no clearing.
    coupon_amount:
      c.amount === 0
        ? ''
        : c.kind === 'percent'
          ? String(c.amount / 100).replace('.', ',')
          : euros(c.amount),
    free_shipping: c.freeShipping ? 'yes' : '',
    expiry_date: c.expiresAt ? berlinDate(new Date(c.expiresAt.getTime() - 1)) : '',
    minimum_amount: euros(c.minimumSpend),
    maximum_amount: euros(c.maximumSpend),
    product_ids: ids(c.productIds),
    exclude_product_ids: ids(c.excludedProductIds),
    usage_limit: c.usageLimit === null ? '' : String(c.usageLimit),
    usage_limit_per_user: c.usageLimitPerCustomer === null ? '' : String(c.usageLimitPerCustomer),
    individual_use: c.individualUse ? 'yes' : '',
    exclude_sale_items: c.excludeSaleItems ? 'yes' : '',
    customer_email: c.allowedEmails.join(', '),
    limit_usage_to_x_items: c.itemLimit === null ? '' : String(c.itemLimit),
  };
}

export function couponFormLists(c: CouponFields): Record<CouponFormList, string[]> {
  return {
    product_categories: c.categoryIds.map(String),
    exclude_product_categories: c.excludedCategoryIds.map(String),
  };
}

/** Ids typed as a list: digits separated by commas or blanks; NaN marks a bad entry. */
function idsOf(raw: string): number[] | null {
  const parts = raw.split(/[\s,;]+/).filter(Boolean);
  if (parts.some((p) => !/^[1-9]\d{0,9}$/.test(p) || Number(p) > 2_147_483_647)) return null;
  return [...new Set(parts.map(Number))];
}

function wholeNumber(raw: string): number | null | typeof Number.NaN {
  const text = raw.trim();
  if (text === '') return null;
  return /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * Judges the whole form at once. `fields` holds one string per field (absent: not sent or sent
 * more than once, which is refused), `lists` the ticked categories.
 */
export function parseCouponForm(
  fields: Partial<Record<CouponFormField, string>>,
  lists: Record<CouponFormList, string[] | null>,
): { ok: true; value: CouponFields } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const problem = (field: string, code: string, params?: Record<string, string | number>) =>
    problems.push({ field, code, params });
  for (const name of COUPON_FORM_FIELDS) {
    if (fields[name] === undefined) problem(name, 'admin.coupons.error.invalid');
  }
  const text = (name: CouponFormField) => fields[name] ?? '';
  const kind = text('discount_type');
  if (!isCouponKind(kind)) problem('discount_type', 'admin.coupons.error.kind');
  const percent = kind === 'percent';
  let amount = 0;
  const rawAmount = text('coupon_amount');
  if (percent) {
    const n = germanNumber(rawAmount);
    const bp = n === null ? 0 : Math.round(n * 100);
    if (n === null) amount = 0;
    else if (Number.isNaN(n) || n < 0 || Math.abs(n * 100 - bp) > 1e-6) {
      problem('coupon_amount', 'admin.coupons.error.amount');
    } else if (n > 100) problem('coupon_amount', 'admin.coupons.error.percent_max');
    else amount = bp;
  } else {
    const c = cents(rawAmount);
    if (c !== null && Number.isNaN(c)) problem('coupon_amount', 'admin.coupons.error.amount');
    else amount = c ?? 0;
  }
  const money = (name: CouponFormField) => {
    const c = cents(text(name));
    if (c !== null && Number.isNaN(c)) {
      problem(name, 'admin.coupons.error.money');
      return null;
    }
    return c;
  };
  const minimumSpend = money('minimum_amount');
  const maximumSpend = money('maximum_amount');
  let expiresAt: Date | null = null;
  const day = text('expiry_date').trim();
  if (day !== '') {
    expiresAt = /^\d{4}-\d{2}-\d{2}$/.test(day) ? berlinDay(day, 1) : null;
    if (!expiresAt) problem('expiry_date', 'admin.coupons.error.date');
  }
  const idList = (name: CouponFormField) => {
    const list = idsOf(text(name));
    if (!list) problem(name, 'admin.coupons.error.ids');
    return list ?? [];
  };
  const productIds = idList('product_ids');
  const excludedProductIds = idList('exclude_product_ids');
  const categories = (name: CouponFormList) => {
    const list = lists[name];
    const parsed = list ? idsOf(list.join(',')) : null;
    if (!parsed) problem(name, 'admin.coupons.error.ids');
    return parsed ?? [];
  };
  const categoryIds = categories('product_categories');
  const excludedCategoryIds = categories('exclude_product_categories');
  const limit = (name: CouponFormField) => {
    const n = wholeNumber(text(name));
    if (n !== null && (Number.isNaN(n) || n < 1 || n > LIMIT_MAX)) {
      problem(name, 'admin.coupons.error.limit');
      return null;
    }
    return n;
  };
  const usageLimit = limit('usage_limit');
  const usageLimitPerCustomer = limit('usage_limit_per_user');
  const itemLimit = limit('limit_usage_to_x_items');
  const flag = (name: CouponFormField) => text(name) === 'yes';
  const value: CouponFields = {
    code: storedCode(text('code')),
    description: text('description').trim(),
    kind: isCouponKind(kind) ? kind : 'fixed_cart',
    amount,
    freeShipping: flag('free_shipping'),
    expiresAt,
    minimumSpend,
    maximumSpend,
    productIds,
    excludedProductIds,
    categoryIds,
    excludedCategoryIds,
    usageLimit,
    usageLimitPerCustomer,
    individualUse: flag('individual_use'),
    excludeSaleItems: flag('exclude_sale_items'),
    allowedEmails: emailList(text('customer_email')),
    itemLimit,
  };
  // The whole-coupon checks, for what the form itself did not already refuse.
  const refused = new Set(problems.map((p) => p.field));
  for (const p of couponFieldProblems(value)) {
    const field = FORM_FIELD_OF[p.field] ?? p.field;
    if (!refused.has(field)) problems.push({ ...p, field });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}
