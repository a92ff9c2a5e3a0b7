import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UnitPriceRefreshRequest } from '#app/domain/catalog/unit-price.view.ts';
import { createUnitPriceQueue } from './unit-price-queue.ts';

const item = (key: string, price = '12.49') => ({
  product_id: 7,
  price,
  price_sale: '',
  quantity: 1,
  key,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the unit-price queue', () => {
  it('sends once, 500 ms after the last change, with every waiting price', async () => {
    const sent: UnitPriceRefreshRequest[] = [];
    const queue = createUnitPriceQueue(async (body) => {
      sent.push(body);
      return { products: { a: { product_id: 7, unit_price_html: '<span>A</span>' } } };
    });
    const first = queue(item('a', '1.00'));
    await vi.advanceTimersByTimeAsync(400);
    const second = queue(item('b'));
    const third = queue(item('a'));
    await vi.advanceTimersByTimeAsync(499);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.products.map((p) => [p.key, p.price])).toEqual([
      ['a', '12.49'],
      ['b', '12.49'],
    ]);
    expect(sent[0]!.queue_id).toMatch(/^[\w-]+$/);
    await expect(first).resolves.toBe('superseded');
    await expect(third).resolves.toBe('<span>A</span>');
    // No markup for this key: the page restores its own.
    await expect(second).resolves.toBeNull();
  });

  it('runs the first refresh after the given delay, and restores on failure', async () => {
    const send = vi.fn(async () => null);
    const queue = createUnitPriceQueue(send);
    const outcome = queue(item('a'), 250);
    await vi.advanceTimersByTimeAsync(249);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    await expect(outcome).resolves.toBeNull();
  });
});
