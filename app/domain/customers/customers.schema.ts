import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** What a signed-in person may do: shoppers buy and review; shop managers also moderate. */
export const CUSTOMER_ROLES = ['customer', 'shop_manager'] as const;
export type CustomerRole = (typeof CUSTOMER_ROLES)[number];

export type StoredAddress = Partial<Record<string, string>>;

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased and trimmed; unique among accounts. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    role: text('role', { enum: CUSTOMER_ROLES }).notNull().default('customer'),
    /** 'pending' until a double opt-in link is followed. */
    status: text('status', { enum: ['active', 'pending'] })
      .notNull()
      .default('active'),
    locale: text('locale').notNull().default('de'),
    billingAddress: jsonb('billing_address').$type<StoredAddress>().notNull().default({}),
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_email_idx').on(t.email),
    index('customers_role_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'customer'`),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
