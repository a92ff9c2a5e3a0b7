import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '#app/domain/orders/orders.schema.ts';

/** Parameters as WooCommerce's REST API reads them: query strings or JSON values. */

const ID = /^\d{1,10}$/;

/** A positive id, as a number or a string of digits. */
export const idParam = z
  .union([z.number().int(), z.string().regex(ID)])
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));

/** A list of ids: an array, or a comma-separated string. */
export const idList = z
  .union([z.string().max(2000), z.array(z.union([z.string(), z.number()])).max(100)])
  .transform((value) => (Array.isArray(value) ? value.map(String) : value.split(',')))
  .pipe(z.array(z.string().trim().regex(ID).transform(Number)).max(100));

export const pageParam = z
  .union([z.number().int(), z.string().regex(/^\d{1,6}$/)])
  .transform(Number)
  .pipe(z.number().int().min(1).max(100_000));

/** WooCommerce allows 1 to 100 per page. */
export const perPageParam = z
  .union([z.number().int(), z.string().regex(/^\d{1,3}$/)])
  .transform(Number)
  .pipe(z.number().int().min(1).max(100));

/** `true`/`false` as JSON or as the strings WordPress accepts. */
export const boolParam = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');

/** An ISO 8601 date-time as WooCommerce takes it; without a zone it is the shop's (UTC here). */
export const dateParam = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/)
  .transform((text) => new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`))
  .refine((date) => !Number.isNaN(date.getTime()));

/** One status, a comma list, an array, or `any` (every status). */
export const statusParam = z
  .union([z.string().max(500), z.array(z.string().max(50)).max(20)])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()))
  .pipe(z.array(z.enum([...ORDER_STATUSES, 'any'])))
  .transform((list): OrderStatus[] | null =>
    list.includes('any') ? null : (list as OrderStatus[]),
  );
