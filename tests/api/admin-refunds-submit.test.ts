import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { paidTransferOrder, refundForms, refundRows } from '../support/refunds.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
const db = () => shop.database.db;
const form = refundForms(() => shop.url);

beforeAll(async () => {
  shop = await startTestShop();
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

/** The form as the order page renders it: its nonce and its one-time submit token. */
async function renderedForm(orderId: number) {
  const html = await (await form.page(orderId, manager.cookie)).text();
  const field = (name: string) =>
    new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? '';
  return { security: field('security'), submit: field('submit') };
}

describe('the refund form posted twice', () => {
  it('refunds once when the same body is posted again, and shows that refund', async () => {
    const { order, candle } = await paidTransferOrder(db());
    const { security, submit } = await renderedForm(order.id);
    expect(submit).toMatch(/^[\w-]{16,}$/);
    const body = {
      intent: 'refund',
      step: 'refund',
      security,
      submit,
      [`qty_${candle.id}`]: '3',
      shipping: '4,90',
    };
    const first = await form.post(order.id, manager.cookie, body);
    const second = await form.post(order.id, manager.cookie, body);
    for (const res of [first, second]) {
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/admin/orders/${order.id}?refund=manual#refunds`);
    }
    expect((await refundRows(db(), order.id)).map((r) => r.amount)).toEqual([3570 + 490]);
    // The page after it offers a new token: a new refund is a new form.
    expect((await renderedForm(order.id)).submit).not.toBe(submit);
  });

  it('refunds once when the same body arrives twice at once', async () => {
    const { order, mug } = await paidTransferOrder(db());
    const { security, submit } = await renderedForm(order.id);
    const body = { intent: 'refund', step: 'refund', security, submit, [`qty_${mug.id}`]: '1' };
    const answers = await Promise.all([
      form.post(order.id, manager.cookie, body),
      form.post(order.id, manager.cookie, body),
    ]);
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    expect((await refundRows(db(), order.id)).map((r) => r.amount)).toEqual([1000]);
  });

  it('refuses a token of another order’s refund and a malformed one, saving nothing', async () => {
    const { order: used, mug: usedMug } = await paidTransferOrder(db());
    const { order, mug } = await paidTransferOrder(db());
    const taken = await renderedForm(used.id);
    await form.post(used.id, manager.cookie, {
      intent: 'refund',
      step: 'refund',
      ...taken,
      [`qty_${usedMug.id}`]: '1',
    });
    const { security } = await renderedForm(order.id);
    for (const submit of [taken.submit, 'kurz', 'a\u0000'.repeat(20)]) {
      const res = await form.post(order.id, manager.cookie, {
        intent: 'refund',
        step: 'refund',
        security,
        submit,
        [`qty_${mug.id}`]: '1',
      });
      expect(res.status, submit).toBe(400);
    }
    expect(await refundRows(db(), order.id)).toEqual([]);
  });
});
