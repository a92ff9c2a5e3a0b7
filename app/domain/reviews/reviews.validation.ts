import { z } from 'zod';
import { MAX_AUTHOR_LENGTH, MAX_CONTENT_LENGTH, MAX_EMAIL_LENGTH } from './reviews.rules.ts';

const id = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(2_147_483_647));

/** An optional id: empty or "0" (WordPress's "no parent") is none. */
const optionalId = z
  .union([z.literal(''), z.literal('0'), z.literal(0), id])
  .optional()
  .transform((v) => (v === '' || v === '0' || v === 0 || v === undefined ? null : v));

/** A rating as the form sends it: empty for none, else 1 to 5 exactly. */
const rating = z
  .union([
    z.literal(''),
    z.number(),
    z
      .string()
      .regex(/^[1-5]$/)
      .transform(Number),
  ])
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v))
  .pipe(z.number().int().min(1).max(5).nullable());

/**
 * The review form (comment form field names). Each field is one string at most: a repeated
 * field arrives as an array and is refused.
 */
export const reviewFormSchema = z.object({
  comment_post_ID: id,
  comment_parent: optionalId,
  rating,
  comment: z.string().trim().min(1).max(MAX_CONTENT_LENGTH),
  author: z.string().trim().max(MAX_AUTHOR_LENGTH).optional().default(''),
  email: z.string().trim().max(MAX_EMAIL_LENGTH).optional().default(''),
  /** The honeypot: people never see it, so it stays empty. */
  website: z.string().max(2000).optional().default(''),
});

export type ReviewForm = z.infer<typeof reviewFormSchema>;

/** A guest's name and address: both needed, the address well-formed. */
export const guestSchema = z.object({
  author: z.string().min(1),
  email: z.string().email(),
});

export const moderationSchema = z.object({
  review: id,
  moderate: z.enum(['approve', 'unapprove', 'spam', 'delete']),
});
