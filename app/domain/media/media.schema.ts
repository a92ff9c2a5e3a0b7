import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes (PostgreSQL `bytea`), read and written as a Node Buffer by both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Rendered picture files (`${key}-${size}.webp`) kept in the database, so that every instance
 * of the shop serves them; each instance's media folder is only a cache of this table.
 */
export const mediaFiles = pgTable('media_files', {
  name: text('name').primaryKey(),
  bytes: bytea('bytes').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
