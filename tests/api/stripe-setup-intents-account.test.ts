import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  CARDS,
  card,
  createAndConfirm,
  customer,
  get,
  post,
  save,
  shop,
  stripe,
  stripeCustomerOf,
  withStripeSetupShop,
} from '../support/stripe-setup-intents.ts';

withStripeSetupShop();

describe('/my-account/payment-methods', () => {
  it('lists the customer’s methods with brand, last digits and expiry, the default first', async () => {
    const who = await customer();
    expect(await (await get(who, '/my-account/payment-methods')).text()).toContain(
      'Keine gespeicherten Zahlungsmethoden gefunden.',
    );
    await save(who, CARDS.visa);
    const master = await save(who, CARDS.mastercard);
    const html = await (await get(who, '/my-account/payment-methods')).text();
    expect(html).toContain('Visa mit Endziffern 4242');
    expect(html).toContain('Mastercard mit Endziffern 4444');
    expect(html).toContain(`12/${new Date().getFullYear() + 3}`);
    expect(html).not.toContain('Standard</span>');

    const res = await post(who, '/my-account/payment-methods', {
      security: who.token,
      intent: 'set_default',
      payment_method: master,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/my-account/payment-methods?notice=default_set');
    const after = await (await get(who, '/my-account/payment-methods?notice=default_set')).text();
    expect(after).toContain('Diese Zahlungsmethode ist jetzt Ihre Standard-Zahlungsmethode.');
    expect(after.indexOf('Mastercard mit Endziffern')).toBeLessThan(after.indexOf('Visa mit'));
    const cus = await stripe.customers.retrieve((await stripeCustomerOf(who))!);
    expect((cus as Stripe.Customer).invoice_settings.default_payment_method).toBe(master);
  });

  it('asks before deleting, then deletes with a post', async () => {
    const who = await customer();
    const pm = await save(who);
    const confirm = await (await get(who, `/my-account/payment-methods?delete=${pm}`)).text();
    expect(confirm).toContain('Diese Zahlungsmethode löschen?');
    expect(confirm).toContain('Visa mit Endziffern 4242 wird aus Ihrem Kundenkonto entfernt');
    expect((await stripe.paymentMethods.retrieve(pm)).customer).not.toBeNull();
    const res = await post(who, '/my-account/payment-methods', {
      security: who.token,
      intent: 'delete',
      payment_method: pm,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/my-account/payment-methods?notice=deleted');
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBeNull();
    expect(await (await get(who, '/my-account/payment-methods')).text()).not.toContain(
      'Endziffern 4242',
    );
  });

  it('answers 404 for another customer’s or an unknown method and changes nothing', async () => {
    const owner = await customer();
    const other = await customer();
    await save(other);
    const pm = await save(owner);
    expect((await get(other, `/my-account/payment-methods?delete=${pm}`)).status).toBe(404);
    expect((await get(other, '/my-account/payment-methods?delete=pm_nope')).status).toBe(404);
    for (const intent of ['delete', 'set_default']) {
      for (const id of [pm, 'pm_unknown', 'x'.repeat(10_000), '']) {
        const res = await post(other, '/my-account/payment-methods', {
          security: other.token,
          intent,
          payment_method: id,
        });
        expect(res.status).toBe(404);
      }
    }
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(await stripeCustomerOf(owner));
  });

  it('changes nothing without the page’s token or with hostile fields', async () => {
    const who = await customer();
    const pm = await save(who);
    const noToken = await post(who, '/my-account/payment-methods', {
      intent: 'delete',
      payment_method: pm,
    });
    expect(noToken.status).toBe(403);
    const nul = await post(who, '/my-account/payment-methods', {
      security: who.token,
      intent: 'delete\u0000',
      payment_method: pm,
    });
    expect(nul.status).toBe(400);
    const weird = await post(who, '/my-account/payment-methods', {
      security: who.token,
      intent: 'detonate',
      payment_method: pm,
    });
    expect(weird.status).toBe(400);
    expect((await stripe.paymentMethods.retrieve(pm)).customer).not.toBeNull();
  });

  it('reads Stripe’s return after setting up a method, for the customer’s own intent only', async () => {
    const who = await customer();
    const other = await customer();
    await save(other);
    const threeDs = (await (
      await createAndConfirm(who, {
        'wc-stripe-payment-method': await card(CARDS.threeDSecure),
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    const pending = await get(who, `/my-account/payment-methods?setup_intent=${threeDs.data.id}`);
    expect(pending.status).toBe(303);
    expect(pending.headers.get('location')).toBe('/my-account/payment-methods?notice=add_failed');
    const done = (await (
      await createAndConfirm(who, {
        'wc-stripe-payment-method': await card(CARDS.visa),
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    const ok = await get(who, `/my-account/payment-methods?setup_intent=${done.data.id}`);
    expect(ok.headers.get('location')).toBe('/my-account/payment-methods?notice=added');
    const foreign = await get(other, `/my-account/payment-methods?setup_intent=${done.data.id}`);
    expect(foreign.headers.get('location')).toBe('/my-account/payment-methods?notice=add_failed');
    const added = await (await get(who, '/my-account/payment-methods?notice=added')).text();
    expect(added).toContain('Die Zahlungsmethode wurde hinzugefügt.');
  });

  it('sends visitors without an account to the login', async () => {
    for (const path of ['/my-account/payment-methods', '/my-account/add-payment-method']) {
      const res = await fetch(shop.url + path, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/my-account');
    }
  });

  it('offers the add page with the reusable Stripe types only', async () => {
    const who = await customer();
    const res = await get(who, '/my-account/add-payment-method');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Zahlungsmethode hinzufügen');
    expect(html).toContain('/my-account/payment-methods');
  });
});
