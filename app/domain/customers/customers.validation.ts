import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './password-limits.ts';

/** An email as typed: trimmed and lower-cased, at most the 254 characters SMTP allows. */
export const emailSchema = z
  .string()
  .trim()
  .min(6)
  .max(254)
  .email()
  .transform((e) => e.toLowerCase());

export const passwordSchema = z.string().min(1).max(MAX_PASSWORD_LENGTH);

const name = z.string().trim().max(100);

export const accountDetailsSchema = z.object({
  firstName: name.min(1),
  lastName: name.min(1),
  displayName: name.min(1),
  email: emailSchema,
});
