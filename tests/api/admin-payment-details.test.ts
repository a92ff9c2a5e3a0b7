import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  orderChargeDetails,
  recordChargeDetails,
} from '#app/domain/payments/stripe/charge-details.server.ts';
import { stripePaymentDetails } from '#app/domain/payments/stripe/stripe.schema.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import {
  challenge,
  control,
  orderRow,
  pay,
  paySepa,
  pendingThreeDS,
  shop,
  shopper,
  stripe,
  updateOrderStatus,
  withStripePaymentsShop,
} from '../support/stripe-payments.ts';

withStripePaymentsShop();

let manager: SignedIn;
const db = () => shop.database.db;

beforeAll(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
});

async function kept(orderId: number) {
  const [row] = await db()
    .select()
    .from(stripePaymentDetails)
    .where(eq(stripePaymentDetails.orderId, orderId));
  return row ?? null;
}

/** The order page's payment section as text, in the language asked for. */
async function paymentSection(orderId: number, lang: 'de' | 'en' = 'en') {
  const res = await fetch(`${shop.url}/admin/orders/${orderId}`, {
    headers: { cookie: `${manager.cookie}; lang=${lang}`, 'accept-language': lang },
  });
  expect(res.status).toBe(200);
  const html = await res.text();
  const start = html.indexOf('id="admin-payment"');
  expect(start).toBeGreaterThan(0);
  const section = html.slice(start, html.indexOf('</section>', start));
  return section
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('the order page shows the Stripe charge behind the payment', () => {
  it('a card payment: charge id, brand and last four, no 3-D Secure; asked of Stripe once', async () => {
    const client = await shopper();
    const body = (await (await pay(client, 'pm_card_visa')).json()) as { order_id: number };
    const order = await orderRow(body.order_id);
    expect(order.status).toBe('processing');
    // Webhooks are held: the page asks Stripe and keeps the answer.
    expect(await kept(order.id)).toBeNull();
    const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId!);
    const chargeId = intent.latest_charge as string;
    const text = await paymentSection(order.id);
    expect(text).toContain(order.paymentIntentId!);
    expect(text).toContain(`${chargeId} succeeded`);
    expect(text).toContain('Visa card ending in 4242');
    expect(text).toContain('3-D Secure not used');
    expect(text).not.toContain('SEPA mandate');
    expect(await kept(order.id)).toMatchObject({
      chargeId,
      chargeStatus: 'succeeded',
      methodType: 'card',
      brand: 'visa',
      last4: '4242',
      threeDSecure: null,
      mandateId: null,
    });
    const german = await paymentSection(order.id, 'de');
    expect(german).toContain('Visa-Karte, endet auf 4242');
    expect(german).toContain('3-D Secure nicht durchgeführt');
    await control('deliver');
  });

  it('a card with a 3-D Secure challenge: the webhook keeps the outcome, the page shows it', async () => {
    const client = await shopper();
    const { orderId, hash } = await pendingThreeDS(client);
    const order = await orderRow(orderId);
    await challenge(order.paymentIntentId!, true);
    await updateOrderStatus(client, orderId, hash.nonce);
    await control('deliver');
    await expect.poll(async () => (await kept(orderId))?.chargeStatus).toBe('succeeded');
    expect((await kept(orderId))!.threeDSecure).toEqual({
      flow: 'challenge',
      result: 'authenticated',
      version: '2.2.0',
    });
    const text = await paymentSection(orderId);
    expect(text).toContain(
      '3-D Secure authenticated (challenge completed by the buyer, version 2.2.0)',
    );
    const german = await paymentSection(orderId, 'de');
    expect(german).toContain(
      '3-D Secure erfolgreich bestätigt (mit Bestätigung durch den Käufer, Version 2.2.0)',
    );
  });

  it('a SEPA debit: the pending charge with its mandate, then the settled one', async () => {
    const client = await shopper();
    const { method: pm, body } = await paySepa(client);
    expect(body.status).toBe('on-hold');
    const order = await orderRow(body.order_id);
    const pending = await paymentSection(order.id);
    expect(pending).toMatch(/ch_\w+ pending/);
    expect(pending).toContain('SEPA Direct Debit from the account ending in 3201');
    expect(pending).not.toContain('3-D Secure');
    const mandateId = (await kept(order.id))!.mandateId!;
    expect(mandateId).toMatch(/^mandate_/);
    expect(pending).toContain(`SEPA mandate ${mandateId}`);
    // The mandate is Stripe's object, readable through the API.
    const mandate = await stripe.mandates.retrieve(mandateId);
    expect(mandate).toMatchObject({
      id: mandateId,
      object: 'mandate',
      payment_method: pm.id,
      status: 'active',
      type: 'multi_use',
      payment_method_details: { type: 'sepa_debit' },
    });
    await control('advance', { payment_intent: order.paymentIntentId! });
    await control('deliver');
    await expect.poll(async () => (await kept(order.id))?.chargeStatus).toBe('succeeded');
    expect(await paymentSection(order.id)).toMatch(/ch_\w+ succeeded/);
    expect((await kept(order.id))!.mandateId).toBe(mandateId);
  });

  it('a failed charge arriving late does not replace the succeeded one', async () => {
    const client = await shopper();
    const body = (await (await pay(client, 'pm_card_visa')).json()) as { order_id: number };
    const order = await orderRow(body.order_id);
    await control('deliver');
    await expect.poll(async () => (await kept(order.id))?.chargeStatus).toBe('succeeded');
    const before = (await kept(order.id))!;
    const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId!, {
      expand: ['latest_charge'],
    });
    const charge = intent.latest_charge as Stripe.Charge;
    await recordChargeDetails(db(), order.id, {
      ...charge,
      id: 'ch_earlierDeclinedAttempt',
      status: 'failed',
    });
    expect((await kept(order.id))!.chargeId).toBe(before.chargeId);
    expect((await kept(order.id))!.chargeStatus).toBe('succeeded');
  });

  it('Stripe out of reach: the page says so instead of failing', async () => {
    const client = await shopper();
    const body = (await (await pay(client, 'pm_card_visa')).json()) as { order_id: number };
    const order = await orderRow(body.order_id);
    const unreachable = new Stripe('sk_test_unreachable', {
      host: '127.0.0.1',
      port: 9,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    expect(await orderChargeDetails(db(), unreachable, order)).toEqual({
      details: null,
      unreachable: true,
    });
    expect(await kept(order.id)).toBeNull();
    await control('deliver');
  });
});
