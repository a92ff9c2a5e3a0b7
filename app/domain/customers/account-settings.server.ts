import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { DEFAULT_MIN_STRENGTH } from './password-strength.ts';

/** Where the shop owner sets how accounts behave (`settings` table, key `accounts`). */
export const ACCOUNT_SETTINGS_KEY = 'accounts';

/** The largest throttle window and account limit a shop owner may set. */
export const MAX_THROTTLE_WINDOW_MINUTES = 1440;
export const MAX_FAILURES_PER_ACCOUNT = 1000;

const accountSettingsSchema = z.object({
  /** The account is active only after the link mailed on registration was followed. */
  doubleOptIn: z.boolean(),
  /** Lowest strength level (0-4) a new password must reach; the meter disables submit below it. */
  minPasswordStrength: z.number().int().min(0).max(4),
  /** The minimum also holds for the account password asked at checkout (else it only advises). */
  stopCheckout: z.boolean(),
  /** Failed logins allowed per account and per client address within the window. */
  throttle: z.object({
    perAccount: z.number().int().min(1).max(MAX_FAILURES_PER_ACCOUNT),
    perAddress: z.number().int().min(1).max(100_000),
    windowMinutes: z.number().int().min(1).max(MAX_THROTTLE_WINDOW_MINUTES),
  }),
});

export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  doubleOptIn: true,
  minPasswordStrength: DEFAULT_MIN_STRENGTH,
  stopCheckout: false,
  throttle: { perAccount: 5, perAddress: 20, windowMinutes: 15 },
};

/** Stored settings over the defaults; anything stored that is not valid gives the defaults. */
const storedSchema = accountSettingsSchema
  .partial()
  .transform((v) => ({ ...DEFAULT_ACCOUNT_SETTINGS, ...v }));

export function accountSettings(db: Tx): Promise<AccountSettings> {
  return getSetting(db, ACCOUNT_SETTINGS_KEY, storedSchema, DEFAULT_ACCOUNT_SETTINGS);
}

/** The settings from a stored value read elsewhere (null when none is stored), as accountSettings reads them. */
export function parseAccountSettings(value: unknown): AccountSettings {
  if (value === null || value === undefined) return DEFAULT_ACCOUNT_SETTINGS;
  const parsed = storedSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_ACCOUNT_SETTINGS;
}
