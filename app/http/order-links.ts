import type { Env } from '#app/lib/env.server.ts';

/** The order's own pages, opened with its key (no account needed). */
export function orderReceivedPath(order: { id: number; orderKey: string }): string {
  return `/checkout/order-received/${order.id}?key=${encodeURIComponent(order.orderKey)}`;
}

export function orderPayPath(order: { id: number; orderKey: string }): string {
  return `/checkout/order-pay/${order.id}?key=${encodeURIComponent(order.orderKey)}`;
}

/** The shop's sender address, at the host it is reached by. */
export function fromAddress(env: Pick<Env, 'SHOP_URL'>): string {
  return `shop@${new URL(env.SHOP_URL).hostname}`;
}
