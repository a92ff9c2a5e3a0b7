import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import type { ThreeDSecureOutcome } from './charge-details.view.ts';

/**
 * Every webhook event that acted, by the provider's event id: the row is written in the same
 * transaction as the event's effect, so a repeated or parallel delivery finds it and does
 * nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  orderId: integer('order_id'),
  /** What the event came to: settled, ignored (and why), for the shop's own inspection. */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type StripeEventRow = typeof stripeEvents.$inferSelect;

/**
 * The Stripe customer that holds a shop customer's saved payment methods, created the first
 * time the customer saves one. The methods themselves live only at Stripe.
 */
export const stripeCustomers = pgTable('stripe_customers', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What Stripe's charge says of an order's payment, kept so the back office shows it without
 * asking Stripe each time: the charge, the card or account (brand and last four digits only),
 * the 3-D Secure outcome and the SEPA mandate.
 */
export const stripePaymentDetails = pgTable('stripe_payment_details', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  chargeId: text('charge_id').notNull(),
  chargeStatus: text('charge_status').notNull(),
  methodType: text('method_type').notNull(),
  brand: text('brand'),
  last4: text('last4'),
  threeDSecure: jsonb('three_d_secure').$type<ThreeDSecureOutcome>(),
  mandateId: text('mandate_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type StripePaymentDetailsRow = typeof stripePaymentDetails.$inferSelect;
