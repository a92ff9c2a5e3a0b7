import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '#app/domain/subscriptions/subscriptions.schema.ts';
import { StoreClient } from '../support/store-client.ts';
import {
  shop,
  coffee,
  CARDS,
  type Shopper,
  customer,
  post,
  card,
  addToCart,
  checkout,
  subscriptionsOf,
  buyCoffee,
  withSubscriptionShop,
} from '../support/subscription-shop.ts';

/** Changing the payment method of a subscription (confirm_change_payment). */

withSubscriptionShop();

describe('confirm_change_payment', () => {
  const change = (who: Shopper, fields: Record<string, string>, nonce = who.token) =>
    post(who, '/wc-ajax/wc_stripe_confirm_change_payment', { _ajax_nonce: nonce, ...fields });

  async function setUp(who: Shopper, number: string, extra: Record<string, string> = {}) {
    const pm = await card(number);
    const res = await post(who, '/wp-admin/admin-ajax.php', {
      action: 'create_and_confirm_setup_intent',
      _ajax_nonce: who.token,
      'wc-stripe-payment-method': pm,
      'wc-stripe-payment-type': 'card',
      ...extra,
    });
    return { pm, answer: (await res.json()) as any };
  }

  it('stores a newly set up card on the owner’s subscription', async () => {
    const { who, sub } = await buyCoffee();
    const { pm, answer } = await setUp(who, CARDS.visa, { change_payment_for: String(sub.id) });
    expect(answer.data.status).toBe('succeeded');
    const res = await change(who, {
      order_id: String(sub.id),
      intent_id: answer.data.id,
      payment_method_id: pm,
    });
    const body = (await res.json()) as any;
    expect(body.success).toBe(true);
    expect(body.data.return_url).toMatch(
      new RegExp(`/my-account/view-subscription/${sub.id}\\?notice=method_changed$`),
    );
    const [after] = await subscriptionsOf(sub.parentOrderId);
    expect(after!.stripePaymentMethodId).toBe(pm);
  });

  it('follows 3-D Secure: the return address is the change page, the intent settles it', async () => {
    const { who, sub } = await buyCoffee();
    const { pm, answer } = await setUp(who, CARDS.threeDSecure, {
      change_payment_for: String(sub.id),
    });
    expect(answer.data.status).toBe('requires_action');
    expect(answer.data.return_url).toMatch(
      new RegExp(`/my-account/change-payment-method/${sub.id}$`),
    );
    // Not yet authenticated: nothing changes.
    const early = (await (
      await change(who, { order_id: String(sub.id), intent_id: answer.data.id })
    ).json()) as any;
    expect(early.success).toBe(false);
    const [unchanged] = await subscriptionsOf(sub.parentOrderId);
    expect(unchanged!.stripePaymentMethodId).toBe(sub.stripePaymentMethodId);
    expect(pm).not.toBe(sub.stripePaymentMethodId);
  });

  it('updates all of the customer’s subscriptions when asked', async () => {
    const { who, sub } = await buyCoffee();
    await addToCart(who, coffee);
    const second = await checkout(who, await card(CARDS.visa));
    expect(second.result).toBe('success');
    const { pm, answer } = await setUp(who, CARDS.visa, {
      update_all_subscription_payment_methods: '1',
    });
    expect(answer.data.status).toBe('succeeded');
    const mine = await shop.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, who.customer.id));
    expect(mine.length).toBe(2);
    expect(mine.every((s) => s.stripePaymentMethodId === pm)).toBe(true);
    expect(sub.stripePaymentMethodId).not.toBe(pm);
  });

  it('lets only the owner change it, and refuses bad nonces and hostile input', async () => {
    const { who, sub } = await buyCoffee();
    const other = await customer();
    const { pm: othersCard } = await setUp(other, CARDS.visa);
    // Another customer's subscription is "not found", with a saved method of theirs or not.
    const foreign = await change(other, {
      order_id: String(sub.id),
      payment_method_id: othersCard,
    });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as any).data.error.message).toBe(
      'Dieses Abonnement gibt es nicht.',
    );
    // The owner may not put another customer's card on it.
    const stolen = (await (
      await change(who, { order_id: String(sub.id), payment_method_id: othersCard })
    ).json()) as any;
    expect(stolen.success).toBe(false);
    expect(
      (await change(who, { order_id: String(sub.id), payment_method_id: othersCard }, 'bad'))
        .status,
    ).toBe(403);
    const guest = await StoreClient.start(shop.url);
    const anonymous = await post(
      { cookie: guest.cookieHeader },
      '/wc-ajax/wc_stripe_confirm_change_payment',
      { _ajax_nonce: guest.nonce, order_id: String(sub.id), payment_method_id: othersCard },
    );
    expect(((await anonymous.json()) as any).success).toBe(false);
    const hostile = [
      `order_id=${sub.id}%00&payment_method_id=pm_1`,
      `order_id=${sub.id}&payment_method_id=${'x'.repeat(10_000)}`,
      `order_id=${sub.id}&intent_id=seti_${'a'.repeat(10_000)}`,
      `order_id[]=${sub.id}&payment_method_id=pm_1`,
      `order_id=${sub.id}&payment_method_id[]=pm_1`,
      `order_id=-1&payment_method_id=pm_1`,
      `order_id=99999999999&payment_method_id=pm_1`,
    ];
    for (const body of hostile) {
      const res = await post(
        who,
        '/wc-ajax/wc_stripe_confirm_change_payment',
        `_ajax_nonce=${who.token}&${body}`,
      );
      expect(res.status, body).toBeLessThan(500);
      const answer = (await res.json()) as any;
      expect(answer.success ?? false).toBe(false);
    }
    const [after] = await subscriptionsOf(sub.parentOrderId);
    expect(after!.stripePaymentMethodId).toBe(sub.stripePaymentMethodId);
  });
});
