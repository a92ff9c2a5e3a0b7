import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { Localized } from '#app/domain/kernel/localized.ts';

export const deliveryTimes = pgTable('delivery_times', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  label: jsonb('label').$type<Localized>().notNull(),
  minDays: integer('min_days').notNull(),
  maxDays: integer('max_days').notNull(),
});

export const depositTypes = pgTable('deposit_types', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<Localized>().notNull(),
  /** Gross amount per unit in minor units. */
  amount: integer('amount').notNull(),
  packagingType: text('packaging_type', { enum: ['reusable', 'disposable'] }).notNull(),
});

/** Manufacturers and responsible persons in the EU (GPSR). */
export const manufacturers = pgTable('manufacturers', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  postalAddress: text('postal_address').notNull(),
  email: text('email').notNull(),
  url: text('url'),
});
