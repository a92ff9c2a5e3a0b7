// The webhook rows of tests/api/admin-authorization.test.ts: pages and REST routes for
// administrators only, and the webhook they work on.
import type { Tx } from '#app/domain/kernel/tx.ts';
import { webhooks } from '#app/domain/webhooks/webhooks.schema.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const webhookOf = (d: object) => (d as { webhook: number }).webhook;

/**
 * The other fixtures with a webhook beside them, on a topic nothing in the matrix triggers (so
 * the fixtures send nothing).
 */
export async function withFixture<T extends object>(
  db: Tx,
  others: Promise<T>,
): Promise<T & { webhook: number }> {
  const [row] = await db
    .insert(webhooks)
    .values({
      name: 'Matrix',
      topic: 'coupon.restored',
      deliveryUrl: 'https://hooks.example/matrix',
      secret: 'matrix',
    })
    .returning({ id: webhooks.id });
  return { ...(await others), webhook: row!.id };
}

export const ADMIN = {
  '/admin/webhooks': { who: 'administrator', get: () => '/admin/webhooks', post: true },
  '/admin/webhooks/new': { who: 'administrator', get: () => '/admin/webhooks/new', post: true },
  '/admin/webhooks/:id': {
    who: 'administrator',
    get: (d: object) => `/admin/webhooks/${webhookOf(d)}`,
    post: true,
  },
} as const;

export const REST = {
  '/wp-json/wc/v3/webhooks': { url: () => 'webhooks', methods: ['GET', 'POST'] as Method[] },
  '/wp-json/wc/v3/webhooks/batch': {
    url: () => 'webhooks/batch',
    methods: ['POST', 'PUT'] as Method[],
  },
  '/wp-json/wc/v3/webhooks/:id': {
    url: (d: object) => `webhooks/${webhookOf(d)}`,
    methods: ['GET', 'POST', 'PUT', 'DELETE'] as Method[],
  },
} satisfies Record<string, { url: (d: object) => string; methods: Method[] }>;

/** Webhooks carry secrets: a shop manager is refused where other REST routes let them in. */
export const refuses = (who: string, pattern: string) => who === 'shop_manager' && pattern in REST;
