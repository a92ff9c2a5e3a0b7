import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { SUBSCRIPTION_STATUSES, type SubscriptionTerms } from './subscriptions.rules.ts';

/**
 * One subscription per subscription line of an order: what recurs (the product at its
 * recurring price), on which terms, when next, and with which saved Stripe method.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    /** Null only until the account a guest made with the order exists. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    parentOrderId: integer('parent_order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    productId: integer('product_id').notNull(),
    variationId: integer('variation_id'),
    /** The name as sold, in the order's language. */
    name: text('name').notNull(),
    sku: text('sku'),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    /** Gross per unit per renewal, and the VAT rate (basis points as order items keep it). */
    unitPrice: integer('unit_price').notNull(),
    taxRate: integer('tax_rate').notNull(),
    currency: text('currency').notNull(),
    terms: jsonb('terms').$type<SubscriptionTerms>().notNull(),
    /** Renewals pay by the customer's own hand (order-pay) instead of an off-session charge. */
    manualRenewal: boolean('manual_renewal').notNull().default(false),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    trialEndAt: timestamp('trial_end_at', { withTimezone: true }),
    /** Null while pending and once over. */
    nextPaymentAt: timestamp('next_payment_at', { withTimezone: true }),
    /** Day of month the schedule keeps (month ends fall back to the month's last day). */
    anchorDay: integer('anchor_day').notNull(),
    /** Renewal orders created so far; the next one is number renewalCount + 1. */
    renewalCount: integer('renewal_count').notNull().default(0),
    /** Periods paid, the first order's included unless it was a free trial. */
    paidCount: integer('paid_count').notNull().default(0),
    /** When a renewal runner took it; another runner leaves it alone for a while. */
    renewalClaimedAt: timestamp('renewal_claimed_at', { withTimezone: true }),
    /** Gateway id (stripe, stripe_sepa_debit …) and the saved method renewals are charged with. */
    paymentMethod: text('payment_method').notNull().default(''),
    paymentMethodTitle: text('payment_method_title').notNull().default(''),
    stripeCustomerId: text('stripe_customer_id'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    endAt: timestamp('end_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('subscriptions_parent_line_idx').on(t.parentOrderId, t.productId, t.variationId),
    // The renewal job reads active subscriptions by due date.
    index('subscriptions_due_idx')
      .on(t.nextPaymentAt)
      .where(sql`${t.status} = 'active'`),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
