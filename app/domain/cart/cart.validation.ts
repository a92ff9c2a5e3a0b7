import { z } from 'zod';

const MAX_QUANTITY = 100_000;

/** A quantity as typed or sent: a number, or a decimal string with . or , ; at most three decimals. */
export const quantitySchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}([.,]\d{1,3})?$/)
      .transform((s) => Number(s.replace(',', '.'))),
  ])
  .pipe(z.number().finite().min(0).max(MAX_QUANTITY))
  .refine((n) => Math.round(n * 1000) === n * 1000, 'at most three decimals');

export const positiveQuantitySchema = quantitySchema.refine((n) => n > 0, 'must be positive');

export const idSchema = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(2_147_483_647));

export const addItemSchema = z.object({
  id: idSchema,
  quantity: positiveQuantitySchema.default(1),
  variation: z
    .union([
      z.record(z.string().max(100), z.string().max(200)),
      // The Store API form: [{ attribute, value }]
      z
        .array(z.object({ attribute: z.string().max(100), value: z.string().max(200) }))
        .max(20)
        .transform((list) =>
          Object.fromEntries(
            list.map((v) => [v.attribute.replace(/^(attribute_)?(pa_)?/, ''), v.value]),
          ),
        ),
    ])
    .default({}),
});

export const removeItemSchema = z.object({ key: z.string().regex(/^[a-f0-9]{32}$/) });

export const updateItemSchema = z.object({
  key: removeItemSchema.shape.key,
  quantity: positiveQuantitySchema,
});
