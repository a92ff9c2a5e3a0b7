import { describe, expect, it } from 'vitest';
import { StoreClient } from '../support/store-client.ts';
import {
  CARDS,
  ajax,
  card,
  createAndConfirm,
  customer,
  post,
  save,
  shop,
  stripe,
  stripeCustomerOf,
  withStripeSetupShop,
} from '../support/stripe-setup-intents.ts';

withStripeSetupShop();

describe('init_setup_intent', () => {
  it('gives a logged-in customer a setup intent of their own Stripe customer, created once', async () => {
    const who = await customer();
    const first = (await (
      await ajax(who, 'init_setup_intent', {
        payment_method_type: 'card',
      })
    ).json()) as any;
    expect(first.success).toBe(true);
    expect(first.data.id).toMatch(/^seti_/);
    expect(first.data.client_secret).toMatch(new RegExp(`^${first.data.id}_secret_`));
    const second = (await (await ajax(who, 'init_setup_intent', {})).json()) as any;
    expect(second.data.id).not.toBe(first.data.id);
    const owner = await stripeCustomerOf(who);
    expect(owner).toMatch(/^cus_/);
    const intents = await Promise.all(
      [first.data.id, second.data.id].map((id: string) => stripe.setupIntents.retrieve(id)),
    );
    expect(intents.map((i) => i.customer)).toEqual([owner, owner]);
    expect(intents[0]!.usage).toBe('off_session');
  });

  it('refuses guests, non-reusable types and hostile input', async () => {
    const guest = await StoreClient.start(shop.url);
    const res = await post({ cookie: guest.cookieHeader }, '/wc-ajax/wc_stripe_init_setup_intent', {
      _ajax_nonce: guest.nonce,
      payment_method_type: 'card',
    });
    const body = (await res.json()) as any;
    expect(body.success).toBe(false);
    expect(body.data.error.message).toBe(
      'Bitte melden Sie sich an, um eine Zahlungsmethode zu speichern.',
    );

    const who = await customer();
    const alipay = (await (
      await ajax(who, 'init_setup_intent', {
        payment_method_type: 'alipay',
      })
    ).json()) as any;
    expect(alipay.success).toBe(false);
    for (const bad of ['x'.repeat(10_000), 'card\u0000']) {
      const refused = await ajax(who, 'init_setup_intent', { payment_method_type: bad });
      expect(refused.status).toBe(400);
    }
    const array = await fetch(`${shop.url}/wc-ajax/wc_stripe_init_setup_intent`, {
      method: 'POST',
      headers: { cookie: who.cookie, origin: shop.url, 'content-type': 'application/json' },
      body: JSON.stringify({ _ajax_nonce: who.token, payment_method_type: ['card'] }),
    });
    expect(array.status).toBe(400);
    expect(await stripeCustomerOf(who)).toBeNull();
  });

  it('refuses a missing, wrong or other session nonce', async () => {
    const who = await customer();
    const other = await customer();
    expect((await post(who, '/wc-ajax/wc_stripe_init_setup_intent', {})).status).toBe(403);
    expect((await ajax({ ...who, token: 'nope' }, 'init_setup_intent', {})).status).toBe(403);
    expect((await ajax({ ...who, token: other.token }, 'init_setup_intent', {})).status).toBe(403);
    expect(await stripeCustomerOf(who)).toBeNull();
  });
});

describe('create_and_confirm_setup_intent', () => {
  it('sets up a card for the customer and answers the spec fields', async () => {
    const who = await customer();
    const pm = await card(CARDS.visa);
    const res = await createAndConfirm(who, {
      'wc-stripe-payment-method': pm,
      'wc-stripe-payment-type': 'card',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(
      ['client_secret', 'id', 'next_action', 'payment_type', 'return_url', 'status'].sort(),
    );
    expect(body.data).toMatchObject({
      status: 'succeeded',
      next_action: null,
      payment_type: 'card',
    });
    expect(new URL(body.data.return_url).pathname).toBe('/my-account/payment-methods');
    expect(body.data.id).toMatch(/^seti_/);
    const attached = await stripe.paymentMethods.retrieve(pm);
    expect(attached.customer).toBe(await stripeCustomerOf(who));
    // The same call again (a retried request) is the same setup intent.
    const again = (await (
      await createAndConfirm(who, {
        'wc-stripe-payment-method': pm,
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    expect(again.data.id).toBe(body.data.id);
  });

  it('answers requires_action with the redirect for a card that needs 3-D Secure', async () => {
    const who = await customer();
    const body = (await (
      await createAndConfirm(who, {
        'wc-stripe-payment-method': await card(CARDS.threeDSecure),
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    expect(body.data.status).toBe('requires_action');
    expect(body.data.next_action.type).toBe('redirect_to_url');
    expect(body.data.next_action.redirect_to_url.url).toContain(
      `/__sandbox/stripe/three_d_secure/${body.data.id}`,
    );
  });

  it('words a declined card with the error catalogue', async () => {
    const who = await customer();
    const body = (await (
      await post(who, '/wp-admin/admin-ajax.php?action=create_and_confirm_setup_intent', {
        _ajax_nonce: who.token,
        'wc-stripe-payment-method': await card(CARDS.declined),
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    expect(body).toEqual({
      success: false,
      data: { error: { message: 'Ihre Karte wurde abgelehnt.' } },
    });
  });

  it('never hands one customer the method of another', async () => {
    const owner = await customer();
    const thief = await customer();
    const pm = await save(owner);
    const body = (await (
      await createAndConfirm(thief, {
        'wc-stripe-payment-method': pm,
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    expect(body.success).toBe(false);
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(await stripeCustomerOf(owner));
  });

  it('refuses guests, bad nonces, unknown actions and hostile input', async () => {
    const guest = await StoreClient.start(shop.url);
    const guestRes = await post({ cookie: guest.cookieHeader }, '/wp-admin/admin-ajax.php', {
      action: 'create_and_confirm_setup_intent',
      _ajax_nonce: guest.nonce,
      'wc-stripe-payment-method': await card(CARDS.visa),
    });
    expect(((await guestRes.json()) as any).success).toBe(false);
    const who = await customer();
    const pm = await card(CARDS.visa);
    expect((await createAndConfirm(who, { 'wc-stripe-payment-method': pm }, 'bad')).status).toBe(
      403,
    );
    const unknown = await post(who, '/wp-admin/admin-ajax.php', {
      action: 'delete_everything',
      _ajax_nonce: who.token,
    });
    expect(unknown.status).toBe(400);
    expect((await fetch(`${shop.url}/wp-admin/admin-ajax.php`)).status).toBe(405);
    for (const bad of ['pm_' + 'x'.repeat(10_000), 'pm_1\u0000', '1234']) {
      const res = await createAndConfirm(who, { 'wc-stripe-payment-method': bad });
      expect(res.status === 400 || ((await res.json()) as any).success === false).toBe(true);
    }
    const wrongType = (await (
      await createAndConfirm(who, {
        'wc-stripe-payment-method': pm,
        'wc-stripe-payment-type': 'boleto',
      })
    ).json()) as any;
    expect(wrongType.success).toBe(false);
    const huge = await post(who, '/wp-admin/admin-ajax.php', 'x='.concat('y'.repeat(70_000)));
    expect(huge.status).toBe(413);
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBeNull();
  });
});
