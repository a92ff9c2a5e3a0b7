import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { enqueue } from '#app/domain/orders/outbox.server.ts';
import { ORDER_CHANGED } from '#app/domain/orders/lifecycle.server.ts';
import { outboxSettled } from '../support/outbox.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { renewDueSubscriptions } from '#app/domain/subscriptions/subscriptions.server.ts';
import { MANUAL_RENEWAL_KEY } from '#app/domain/subscriptions/order-subscriptions.server.ts';
import {
  shop,
  stripe,
  course,
  CARDS,
  customer,
  get,
  card,
  addToCart,
  checkout,
  orderOf,
  subscriptionsOf,
  latestOrderId,
  outbox,
  mailsAbout,
  payOnOrderPay,
  renewalOrdersOf,
  makeDue,
  buyCoffee,
  withSubscriptionShop,
} from '../support/subscription-shop.ts';

/** Renewals of subscriptions: automatic charges, failures and retries, and manual renewal. */

withSubscriptionShop();

describe('renewals', () => {
  it('renews once when two runners claim the same due subscription at once', async () => {
    const { sub } = await buyCoffee();
    await makeDue(sub.id);
    const due = (await subscriptionsOf(sub.parentOrderId))[0]!.nextPaymentAt!;
    const [a, b] = await Promise.all([
      renewDueSubscriptions(shop.database.db, stripe),
      renewDueSubscriptions(shop.database.db, stripe),
    ]);
    const mine = [...a, ...b].filter((o) => o.subscription.id === sub.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.result).toBe('paid');
    const renewals = await renewalOrdersOf(sub.id);
    expect(renewals).toHaveLength(1);
    const renewal = renewals[0]!;
    expect(renewal).toMatchObject({
      status: 'processing',
      renewalSequence: 1,
      total: 1490 + renewal.shippingTotal,
    });
    const intent = await stripe.paymentIntents.retrieve(renewal.paymentIntentId!);
    expect(intent).toMatchObject({
      status: 'succeeded',
      payment_method: sub.stripePaymentMethodId,
    });
    const [after] = await subscriptionsOf(sub.parentOrderId);
    expect(after).toMatchObject({ status: 'active', renewalCount: 1, paidCount: 2 });
    expect(after!.nextPaymentAt!.getTime()).toBeGreaterThan(due.getTime());
    // Nothing is due any more: another run renews nothing.
    const again = await renewDueSubscriptions(shop.database.db, stripe);
    expect(again.filter((o) => o.subscription.id === sub.id)).toHaveLength(0);
    await outboxSettled(shop);
    const link = `/my-account/view-subscription/${sub.id}`;
    expect(
      outbox().filter((m) => m.includes(String(renewal.number)) && m.includes(link)),
    ).toHaveLength(1);
  });

  it('never charges the next period while the last renewal’s payment is open', async () => {
    const { sub } = await buyCoffee();
    await makeDue(sub.id);
    // Stripe out of reach: whether the charge happened is unknown, the order stays pending.
    const unreachable = new Stripe('sk_test_unreachable', {
      host: '127.0.0.1',
      port: 9,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = await renewDueSubscriptions(shop.database.db, unreachable);
    vi.mocked(console.error).mockRestore();
    expect(first.filter((o) => o.subscription.id === sub.id)).toHaveLength(0);
    const [open] = await renewalOrdersOf(sub.id);
    expect(open).toMatchObject({ status: 'pending', renewalSequence: 1, paymentIntentId: null });
    // The claim lapses: the next run charges that same renewal, not the period after it.
    const later = new Date(Date.now() + 11 * 60_000);
    const second = await renewDueSubscriptions(shop.database.db, stripe, later);
    expect(second.filter((o) => o.subscription.id === sub.id).map((o) => o.result)).toEqual([
      'paid',
    ]);
    const renewals = await renewalOrdersOf(sub.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ id: open!.id, status: 'processing' });

    // A debit on its way (the renewal on hold until it settles) is awaited, not charged anew.
    const { sub: debit } = await buyCoffee();
    await makeDue(debit.id);
    await renewDueSubscriptions(shop.database.db, unreachable).catch(() => []);
    const [waiting] = await shop.database.db
      .update(orders)
      .set({ status: 'on-hold' })
      .where(eq(orders.subscriptionId, debit.id))
      .returning();
    const afterDebit = await renewDueSubscriptions(shop.database.db, stripe, later);
    expect(afterDebit.filter((o) => o.subscription.id === debit.id)).toHaveLength(0);
    const debitRenewals = await renewalOrdersOf(debit.id);
    expect(debitRenewals).toHaveLength(1);
    expect(debitRenewals[0]).toMatchObject({ id: waiting!.id, paymentIntentId: null });
  });

  it('puts the subscription on hold and mails a pay link when the off-session charge fails', async () => {
    const who = await customer();
    await addToCart(who, course);
    const body = await checkout(who, await card(CARDS.attachThenDecline), {
      'terms-digital': '1',
    });
    expect(body.result, JSON.stringify(body)).toBe('success');
    const [sub] = await subscriptionsOf(latestOrderId(body));
    expect(sub!.status).toBe('active');
    await makeDue(sub!.id);
    const outcomes = await renewDueSubscriptions(shop.database.db, stripe);
    const mine = outcomes.find((o) => o.subscription.id === sub!.id)!;
    expect(mine.result).toBe('failed');
    expect(mine.order.status).toBe('failed');
    const [held] = await subscriptionsOf(sub!.parentOrderId);
    expect(held!.status).toBe('on-hold');
    await outboxSettled(shop);
    const mail = outbox().find(
      (m) => m.includes(String(mine.order.number)) && m.includes('/checkout/order-pay/'),
    );
    expect(mail).toBeTruthy();
    // The pay link opens the order-pay page of the failed renewal.
    const payPath = `/checkout/order-pay/${mine.order.id}?key=${mine.order.orderKey}`;
    const page = await get(who, payPath);
    expect(page.status).toBe(200);
    // On hold, it is not renewed again until paid.
    await makeDue(sub!.id);
    const later = await renewDueSubscriptions(shop.database.db, stripe);
    expect(later.filter((o) => o.subscription.id === sub!.id)).toHaveLength(0);
    // Paid on the order-pay page with another card: the subscription runs again.
    await outboxSettled(shop);
    const before = mailsAbout(mine.order).length;
    const newCard = await payOnOrderPay(who, mine.order);
    const paidOrder = await orderOf(mine.order.id);
    expect(paidOrder.status).toBe('processing');
    const [running] = await subscriptionsOf(sub!.parentOrderId);
    expect(running!.status).toBe('active');
    expect(running!.nextPaymentAt!.getTime()).toBeGreaterThan(Date.now());
    expect(running).toMatchObject({ renewalCount: 1, paidCount: 1 });
    // The renewal's own mail, instead of the order status mail, and only one.
    await outboxSettled(shop);
    const mails = mailsAbout(mine.order).slice(before);
    expect(mails.map((m) => m.header('subject'))).toEqual([
      `Ihr Abonnement bei Ladenzeile wurde verlängert (Bestellung ${mine.order.number})`,
    ]);
    expect(mails[0]!.text).toContain('Nächste Zahlung:');
    // The card paid with is kept for the renewals after it.
    const intent = await stripe.paymentIntents.retrieve(paidOrder.paymentIntentId!);
    expect(intent).toMatchObject({ status: 'succeeded', setup_future_usage: 'off_session' });
    expect(running).toMatchObject({
      stripePaymentMethodId: newCard,
      stripeCustomerId: sub!.stripeCustomerId,
      paymentMethod: 'stripe',
      paymentMethodTitle: paidOrder.paymentMethodTitle,
    });
    expect((await stripe.paymentMethods.retrieve(newCard)).customer).toBe(sub!.stripeCustomerId);
    // A later announcement of the same payment (webhook, reconciliation) changes nothing.
    await enqueue(shop.database.db, {
      kind: ORDER_CHANGED,
      orderId: paidOrder.id,
      payload: { from: 'failed', to: 'processing', announce: 'status' },
    });
    await outboxSettled(shop);
    const [unchanged] = await subscriptionsOf(sub!.parentOrderId);
    expect(unchanged).toMatchObject({ paidCount: 1, nextPaymentAt: running!.nextPaymentAt });
    expect(mailsAbout(mine.order).slice(before)).toHaveLength(1);
    // The next renewal charges the new card off-session.
    await makeDue(sub!.id);
    const next = await renewDueSubscriptions(shop.database.db, stripe);
    const second = next.find((o) => o.subscription.id === sub!.id)!;
    expect(second.result).toBe('paid');
    expect(second.order).toMatchObject({ status: 'processing', renewalSequence: 2 });
    const charge = await stripe.paymentIntents.retrieve(second.order.paymentIntentId!);
    expect(charge).toMatchObject({ status: 'succeeded', payment_method: newCard });
  });

  it('announces a renewal paid by the webhook and the return at once with one mail', async () => {
    const who = await customer();
    await addToCart(who, course);
    const body = await checkout(who, await card(CARDS.attachThenDecline), {
      'terms-digital': '1',
    });
    const [sub] = await subscriptionsOf(latestOrderId(body));
    await makeDue(sub!.id);
    const failed = (await renewDueSubscriptions(shop.database.db, stripe)).find(
      (o) => o.subscription.id === sub!.id,
    )!;
    expect(failed.result).toBe('failed');
    await outboxSettled(shop);
    const before = mailsAbout(failed.order).length;
    // The customer's bank confirms the payment; nobody has announced it yet.
    const pm = await card(CARDS.visa);
    await stripe.paymentIntents.update(failed.order.paymentIntentId!, {
      setup_future_usage: 'off_session',
    });
    const intent = await stripe.paymentIntents.confirm(failed.order.paymentIntentId!, {
      payment_method: pm,
      return_url: shop.url,
    });
    expect(intent.status).toBe('succeeded');
    const { settleIntent } = await import('#app/domain/payments/stripe/settlement.server.ts');
    // The webhook and the browser's return both announce it at once: one of them changes it.
    const settled = await Promise.all([
      settleIntent(shop.database.db, failed.order.id, intent),
      settleIntent(shop.database.db, failed.order.id, intent),
    ]);
    expect(settled.filter((s) => s.changed)).toHaveLength(1);
    await outboxSettled(shop);
    const [after] = await subscriptionsOf(sub!.parentOrderId);
    expect(after).toMatchObject({ status: 'active', paidCount: 1, stripePaymentMethodId: pm });
    await outboxSettled(shop);
    const mails = mailsAbout(failed.order).slice(before);
    expect(mails.map((m) => m.header('subject'))).toEqual([
      `Ihr Abonnement bei Ladenzeile wurde verlängert (Bestellung ${failed.order.number})`,
    ]);
  });
});

describe('manual renewal', () => {
  /** A coffee subscription bought while the shop asks for manual renewals. */
  async function buyManualCoffee() {
    await putSetting(shop.database.db, MANUAL_RENEWAL_KEY, true);
    try {
      return await buyCoffee();
    } finally {
      await putSetting(shop.database.db, MANUAL_RENEWAL_KEY, false);
    }
  }

  it('creates one pending renewal order, mails its pay link and charges nothing', async () => {
    const { who, sub } = await buyManualCoffee();
    expect(sub).toMatchObject({ status: 'active', manualRenewal: true });
    await makeDue(sub.id);
    const due = (await subscriptionsOf(sub.parentOrderId))[0]!.nextPaymentAt!;
    const charges = vi.spyOn(stripe.paymentIntents, 'create');
    const confirms = vi.spyOn(stripe.paymentIntents, 'confirm');
    let outcomes;
    try {
      outcomes = await renewDueSubscriptions(shop.database.db, stripe);
      // A second run finds nothing due: the subscription waits for its payment.
      const again = await renewDueSubscriptions(shop.database.db, stripe);
      expect(again.filter((o) => o.subscription.id === sub.id)).toHaveLength(0);
      expect(charges).not.toHaveBeenCalled();
      expect(confirms).not.toHaveBeenCalled();
    } finally {
      charges.mockRestore();
      confirms.mockRestore();
    }
    const mine = outcomes.filter((o) => o.subscription.id === sub.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.result).toBe('awaiting');
    const renewals = await renewalOrdersOf(sub.id);
    expect(renewals).toHaveLength(1);
    const renewal = renewals[0]!;
    expect(renewal).toMatchObject({
      status: 'pending',
      renewalSequence: 1,
      paymentIntentId: null,
      total: 1490 + renewal.shippingTotal,
    });
    const [waiting] = await subscriptionsOf(sub.parentOrderId);
    expect(waiting).toMatchObject({ status: 'on-hold', renewalCount: 1, paidCount: 1 });

    await outboxSettled(shop);
    const [dueMail, ...others] = mailsAbout(renewal);
    expect(others).toHaveLength(0);
    expect(dueMail!.header('subject')).toBe(
      `Verlängerung Ihres Abonnements bei Ladenzeile (Bestellung ${renewal.number})`,
    );
    const payUrl = new URL(
      `/checkout/order-pay/${renewal.id}?key=${renewal.orderKey}`,
      shop.env.SHOP_URL,
    ).href;
    expect(dueMail!.text).toContain(payUrl);

    // Paid on the order-pay page: the subscription runs again, a period later.
    await payOnOrderPay(who, renewal);
    expect((await orderOf(renewal.id)).status).toBe('processing');
    const [running] = await subscriptionsOf(sub.parentOrderId);
    expect(running).toMatchObject({
      status: 'active',
      paidCount: 2,
      manualRenewal: true,
      stripePaymentMethodId: null,
    });
    expect(running!.nextPaymentAt!.getTime()).toBeGreaterThan(Date.now());
    expect(running!.nextPaymentAt!.getTime()).toBeGreaterThan(due.getTime());
    await outboxSettled(shop);
    const after = mailsAbout(renewal).map((m) => m.header('subject'));
    expect(after).toEqual([
      dueMail!.header('subject'),
      `Ihr Abonnement bei Ladenzeile wurde verlängert (Bestellung ${renewal.number})`,
    ]);
    // Still nothing due: no further order.
    await renewDueSubscriptions(shop.database.db, stripe);
    expect(await renewalOrdersOf(sub.id)).toHaveLength(1);
  });
});
