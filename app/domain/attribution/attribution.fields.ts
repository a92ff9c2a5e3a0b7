// The names of order attribution: small enough for every page's script, which needs them to
// render the hidden inputs and to delete the tracking cookies on refusal. The tracking rules
// themselves (attribution.rules.ts) load only after the shopper allows tracking.

/** The fields sent with an order, each as a hidden input named prefix + field. */
export const ATTRIBUTION_FIELDS = [
  'source_type',
  'referrer',
  'utm_campaign',
  'utm_source',
  'utm_medium',
  'utm_content',
  'utm_id',
  'utm_term',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'session_entry',
  'session_start_time',
  'session_pages',
  'session_count',
  'user_agent',
] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
export type Attribution = Partial<Record<AttributionField, string>>;

export const DEFAULT_ATTRIBUTION_PREFIX = 'wc_order_attribution_';
/** The Store API checkout's `extensions` key for the same fields. */
export const ATTRIBUTION_EXTENSION = 'woocommerce/order-attribution';
/** Longest value kept per field: addresses and user agents are cut, never refused. */
export const MAX_ATTRIBUTION_LENGTH = 200;

/** The tracking cookies, by the spec's names for them. */
export const TRACKING_COOKIES = {
  current: 'sbjs_current',
  currentExtra: 'sbjs_current_add',
  first: 'sbjs_first',
  firstExtra: 'sbjs_first_add',
  session: 'sbjs_session',
  userData: 'sbjs_udata',
  migrations: 'sbjs_migrations',
  promo: 'sbjs_promo',
} as const;
export const TRACKING_COOKIE_NAMES: readonly string[] = Object.values(TRACKING_COOKIES);
