import { describe, expect, it } from 'vitest';
import { enqueue, isCartAnswer } from './cart-calls.ts';

describe('enqueue', () => {
  it('runs tasks one at a time in order, even after a failure', async () => {
    const log: string[] = [];
    let running = 0;
    const task =
      (name: string, fail = false) =>
      async () => {
        running += 1;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        log.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      enqueue(task('a')),
      enqueue(task('b', true)),
      enqueue(task('c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});

describe('isCartAnswer', () => {
  it('takes only answers with fragments and a cart', () => {
    const cart = { hash: '', currency: 'EUR', itemCount: 0, lines: [], subtotal: 0, total: 0 };
    expect(isCartAnswer({ fragments: { 'a.cart-link': '<a></a>' }, cart_hash: '', cart })).toBe(
      true,
    );
    expect(isCartAnswer({ fragments: {}, cart_hash: '', cart })).toBe(false);
    expect(isCartAnswer({ error: true, product_url: '/product/x' })).toBe(false);
    expect(isCartAnswer(null)).toBe(false);
  });
});
