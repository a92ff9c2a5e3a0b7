// What a webhook may be: its topics and the checks on its fields (no database, no network).
import { type DomainError, type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import { WEBHOOK_STATUSES, type WebhookStatus } from './webhooks.schema.ts';

/** The topics WooCommerce offers for the resources the shop has (no `action.*` topics). */
export const WEBHOOK_TOPICS = [
  'order.created',
  'order.updated',
  'order.deleted',
  'order.restored',
  'product.created',
  'product.updated',
  'product.deleted',
  'product.restored',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'coupon.created',
  'coupon.updated',
  'coupon.deleted',
  'coupon.restored',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

export const isWebhookTopic = (value: unknown): value is WebhookTopic =>
  typeof value === 'string' && (WEBHOOK_TOPICS as readonly string[]).includes(value);

/** The WordPress actions WooCommerce listens to for a topic (the REST answer's `hooks`). */
export function topicHooks(topic: string): string[] {
  const [resource, event] = topic.split('.');
  const map: Record<string, Record<string, string[]>> = {
    order: {
      created: ['woocommerce_new_order'],
      updated: ['woocommerce_update_order', 'woocommerce_order_refunded'],
      deleted: ['wp_trash_post'],
      restored: ['untrashed_post'],
    },
    product: {
      created: ['woocommerce_process_product_meta', 'woocommerce_new_product'],
      updated: ['woocommerce_process_product_meta', 'woocommerce_update_product'],
      deleted: ['wp_trash_post'],
      restored: ['untrashed_post'],
    },
    customer: {
      created: ['user_register', 'woocommerce_created_customer', 'woocommerce_new_customer'],
      updated: ['profile_update', 'woocommerce_update_customer'],
      deleted: ['delete_user'],
    },
    coupon: {
      created: ['woocommerce_process_shop_coupon_meta', 'woocommerce_new_coupon'],
      updated: ['woocommerce_process_shop_coupon_meta', 'woocommerce_update_coupon'],
      deleted: ['wp_trash_post'],
      restored: ['untrashed_post'],
    },
  };
  return map[resource ?? '']?.[event ?? ''] ?? [];
}

/** After this many failed deliveries in a row the webhook is disabled. */
export const MAX_FAILURES = 5;
/** Delivery log entries kept per webhook (the oldest go). */
export const DELIVERY_LOG_LIMIT = 50;
/** How much of a request or answer body the log keeps. */
export const LOG_EXCERPT = 2_000;

export const NAME_MAX = 200;
export const URL_MAX = 2_000;
export const SECRET_MAX = 200;

export type WebhookFields = {
  name: string;
  topic: WebhookTopic;
  deliveryUrl: string;
  secret: string;
  status: WebhookStatus;
};

export type WebhookDraft = Partial<Record<keyof WebhookFields, unknown>>;

const invalid = (code: string, field: string): DomainError =>
  domainError('invalid', code, { field });

// NUL and other control characters never belong in a name, address or secret.
const CONTROL = /\p{Cc}/u;

/** A delivery address as written: http(s), no credentials, no control characters, bounded. */
export function checkDeliveryUrl(value: unknown): Result<string> {
  if (typeof value !== 'string') return fail(invalid('admin.webhooks.error.url', 'delivery_url'));
  const text = value.trim();
  if (text === '' || text.length > URL_MAX || CONTROL.test(text)) {
    return fail(invalid('admin.webhooks.error.url', 'delivery_url'));
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(invalid('admin.webhooks.error.url', 'delivery_url'));
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    return fail(invalid('admin.webhooks.error.url', 'delivery_url'));
  }
  return ok(url.href);
}

/**
 * The fields of a new webhook (`base` null) or of a change to one: each given field checked,
 * the missing ones taken from `base` (a new one needs name, topic and address).
 */
export function checkWebhook(
  draft: WebhookDraft,
  base: WebhookFields | null,
): Result<WebhookFields> {
  const name = draft.name ?? base?.name ?? '';
  if (typeof name !== 'string' || name.length > NAME_MAX || CONTROL.test(name)) {
    return fail(invalid('admin.webhooks.error.name', 'name'));
  }
  const topic = draft.topic ?? base?.topic;
  if (!isWebhookTopic(topic)) return fail(invalid('admin.webhooks.error.topic', 'topic'));
  const url = checkDeliveryUrl(draft.deliveryUrl ?? base?.deliveryUrl);
  if (!url.ok) return url;
  const secret = draft.secret ?? base?.secret ?? '';
  if (typeof secret !== 'string' || secret.length > SECRET_MAX || CONTROL.test(secret)) {
    return fail(invalid('admin.webhooks.error.secret', 'secret'));
  }
  const status = draft.status ?? base?.status ?? 'active';
  if (typeof status !== 'string' || !(WEBHOOK_STATUSES as readonly string[]).includes(status)) {
    return fail(invalid('admin.webhooks.error.status', 'status'));
  }
  return ok({
    // WooCommerce names an unnamed webhook after its creation time; the topic says more.
    name: name.trim() || topic,
    topic,
    deliveryUrl: url.value,
    secret,
    status: status as WebhookStatus,
  });
}

/** The resource and event of a topic (`order.created` → order, created). */
export function topicParts(topic: string): { resource: string; event: string } {
  const [resource = '', event = ''] = topic.split('.');
  return { resource, event };
}
