import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type DomainError, type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { AccountSettings } from './account-settings.server.ts';
import {
  ADDRESS_FIELDS,
  type AddressField,
  type AddressInput,
  checkAddress,
  fieldRule,
  isKnownCountry,
  normalizeAddress,
} from './address-locale.ts';
import {
  type CustomerRow,
  type StoredAddress,
  customerTokens,
  customers,
} from './customers.schema.ts';
import { MISMATCH, blacklistWords, passwordStrength } from './password-strength.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.server.ts';
import {
  type LoginAttempt,
  clearAccountFailures,
  loginLookup,
  loginThrottle,
  recordLoginFailure,
} from './throttle.server.ts';
import { consumeToken, issueToken, peekToken } from './tokens.server.ts';
import { queueWebhookEvent } from '#app/domain/webhooks/webhooks.server.ts';

export type AccountContext = { settings: AccountSettings; locale: Locale; shopName: string };

export const loginFailed = domainError('invalid', 'account.error.login_failed');

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function customerByEmail(db: Tx, email: string): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(eq(customers.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function customerById(db: Tx, id: number): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

/** The words a customer's password must not lean on. */
export function customerBlacklist(
  shopName: string,
  who: { email?: string; firstName?: string; lastName?: string; displayName?: string },
): string[] {
  return blacklistWords([shopName, who.email, who.firstName, who.lastName, who.displayName]);
}

/**
 * A new password must reach the configured strength (the meter's level, computed the same way)
 * and match its confirmation when one was asked for.
 */
export async function checkNewPassword(
  password: string,
  confirmation: string | undefined,
  blacklist: string[],
  ctx: AccountContext,
): Promise<DomainError | null> {
  const level = await passwordStrength(password, {
    confirmation,
    blacklist,
    locale: ctx.locale,
  });
  if (level === MISMATCH) {
    return domainError('invalid', 'account.error.password_mismatch', { field: 'password_2' });
  }
  if (level < ctx.settings.minPasswordStrength) {
    return domainError('invalid', 'account.error.password_weak', { field: 'password' });
  }
  return null;
}

export type Registration =
  /** A new account; with double opt-in it waits for the link in the activation mail. */
  | { kind: 'created'; customer: CustomerRow; activationToken: string | null }
  /** The address already has an account: its owner is told by mail, the visitor is not. */
  | { kind: 'exists'; customer: CustomerRow };

export async function registerCustomer(
  db: Tx,
  input: { email: string; password: string },
  ctx: AccountContext,
): Promise<Result<Registration>> {
  const weak = await accountPasswordProblem(input, ctx, true);
  if (weak) return fail(weak);
  return insertCustomer(db, input, ctx);
}

/**
 * The password of an account asked for at checkout: required, and held to the minimum strength
 * only where the shop says so (`stopCheckout`), as the meter there only advises.
 */
export async function accountPasswordProblem(
  input: { email: string; password: string },
  ctx: AccountContext,
  enforceStrength = ctx.settings.stopCheckout,
): Promise<DomainError | null> {
  if (input.password === '') {
    return domainError('invalid', 'account.error.password_required', {
      field: 'account_password',
    });
  }
  if (!enforceStrength) return null;
  const email = normalizeEmail(input.email);
  return checkNewPassword(
    input.password,
    undefined,
    customerBlacklist(ctx.shopName, { email }),
    ctx,
  );
}

/**
 * Creates the account without judging the password: callers hold it to the strength their form
 * asks for first.
 */
export async function insertCustomer(
  db: Tx,
  input: { email: string; password: string },
  ctx: AccountContext,
): Promise<Result<Registration>> {
  const email = normalizeEmail(input.email);
  // Hashed in either case, so an existing address answers no faster than a new one.
  const passwordHash = await hashPassword(input.password);
  const pending = ctx.settings.doubleOptIn;
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({
        email,
        passwordHash,
        displayName: email.split('@')[0]!.slice(0, 100),
        status: pending ? 'pending' : 'active',
        locale: ctx.locale,
      })
      .onConflictDoNothing({ target: customers.email })
      .returning();
    if (row) await queueWebhookEvent(tx, 'customer.created', row.id);
    return row;
  });
  if (!created) {
    const existing = await customerByEmail(db, email);
    return ok({ kind: 'exists', customer: existing! });
  }
  const activationToken = pending ? await issueToken(db, created.id, 'activate') : null;
  return ok({ kind: 'created', customer: created, activationToken });
}

/** Follows the activation link: the account may log in from now on. */
export async function activateCustomer(db: Tx, token: string): Promise<Result<CustomerRow>> {
  const claim = await consumeToken(db, token, 'activate');
  if (!claim) return fail(domainError('invalid', 'account.error.link_invalid'));
  const [row] = await db
    .update(customers)
    .set({ status: 'active', updatedAt: new Date() })
    .where(eq(customers.id, claim.customerId))
    .returning();
  return row ? ok(row) : fail(domainError('invalid', 'account.error.link_invalid'));
}

/**
 * Checks a login. Throttled per email typed and per client address; an unknown address is
 * checked against a dummy hash, so answer and timing are those of a wrong password.
 */
export async function authenticate(
  db: Tx,
  input: { email: string; password: string; address: string },
  /** Without settings, the stored ones come with the account and the throttle: one statement. */
  ctx: { settings?: AccountSettings },
  options: {
    /**
     * Called with the account just before its password is checked, so the caller can read
     * what a successful login needs while the hash runs; its outcome is not awaited here.
     */
    whileChecking?: (customer: CustomerRow) => void;
    /** Filled with how long the password check took, its wait for a hashing slot included. */
    timing?: { checkMs: number };
  } = {},
): Promise<Result<CustomerRow>> {
  const attempt: LoginAttempt = { email: normalizeEmail(input.email), address: input.address };
  // The account is looked up even when the throttle then refuses: the same work either way.
  const { throttle, customer } = ctx.settings
    ? await Promise.all([
        loginThrottle(db, attempt, ctx.settings.throttle),
        customerByEmail(db, attempt.email),
      ]).then(([throttle, customer]) => ({ throttle, customer }))
    : await loginLookup(db, attempt);
  if (throttle.blockedMinutes > 0) {
    return fail(
      domainError('rate_limited', 'account.error.too_many_attempts', {
        minutes: throttle.blockedMinutes,
      }),
    );
  }
  if (customer?.passwordHash && customer.status === 'active') options.whileChecking?.(customer);
  const checkStarted = performance.now();
  const matches = await verifyPassword(customer?.passwordHash ?? null, input.password);
  if (options.timing) options.timing.checkMs = performance.now() - checkStarted;
  if (!customer || !matches) {
    await recordLoginFailure(db, attempt);
    return fail(loginFailed);
  }
  if (throttle.accountHasFailures) await clearAccountFailures(db, attempt.email);
  if (customer.status !== 'active') {
    return fail(domainError('forbidden', 'account.error.not_activated'));
  }
  if (needsRehash(customer.passwordHash!)) upgradeHash(db, customer, input.password);
  return ok(customer);
}

/**
 * A hash of older parameters is replaced by one of the current ones after the login answered
 * (not awaited: the shopper does not wait for a second hash); a password changed meanwhile
 * is left alone.
 */
function upgradeHash(db: Tx, customer: CustomerRow, password: string) {
  void hashPassword(password)
    .then((passwordHash) =>
      db
        .update(customers)
        .set({ passwordHash })
        .where(
          and(eq(customers.id, customer.id), eq(customers.passwordHash, customer.passwordHash!)),
        ),
    )
    .catch((error: unknown) => console.error('password hash upgrade failed', customer.id, error));
}

/**
 * A reset link for the address, or null when it has no account. The caller answers the same
 * either way and mails only when there is a link.
 */
export async function requestPasswordReset(
  db: Tx,
  email: string,
): Promise<{ customer: CustomerRow; token: string } | null> {
  const customer = await customerByEmail(db, email);
  if (!customer) return null;
  return { customer, token: await issueToken(db, customer.id, 'reset') };
}

/** Whether a reset link still works (the reset form is shown only then). */
export async function resetLinkValid(db: Tx, token: string): Promise<boolean> {
  return (await peekToken(db, token, 'reset')) !== null;
}

/**
 * Sets a new password through a reset link, using the link up. Following the mailed link
 * proves the address, so a pending account becomes active too. The caller ends the
 * customer's sessions.
 */
export async function resetPassword(
  db: Tx,
  input: { token: string; password: string; confirmation: string },
  ctx: AccountContext,
): Promise<Result<CustomerRow>> {
  const invalidLink = fail(domainError('invalid', 'account.error.link_invalid'));
  const claim = await peekToken(db, input.token, 'reset');
  const customer = claim ? await customerById(db, claim.customerId) : null;
  if (!customer) return invalidLink;
  const weak = await checkNewPassword(
    input.password,
    input.confirmation,
    customerBlacklist(ctx.shopName, customer),
    ctx,
  );
  if (weak) return fail(weak);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (!(await consumeToken(tx, input.token, 'reset'))) return invalidLink;
    const [row] = await tx
      .update(customers)
      .set({ passwordHash, status: 'active', updatedAt: new Date() })
      .where(eq(customers.id, customer.id))
      .returning();
    return ok(row!);
  });
}

export type AccountDetails = {
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmation: string;
};

export type DetailsChange = {
  customer: CustomerRow;
  /** A confirmation link to mail to the new address; the email changes when it is followed. */
  emailChange: { newEmail: string; token: string } | null;
  passwordChanged: boolean;
};

/**
 * Saves names, starts an email change (confirmed by a link mailed to the new address) and
 * changes the password when the current one is given right. Whether the new address has an
 * account already is told only by the confirmation, to its owner.
 */
export async function updateAccountDetails(
  db: Tx,
  customerId: number,
  input: AccountDetails,
  ctx: AccountContext,
): Promise<Result<DetailsChange>> {
  const customer = await customerById(db, customerId);
  if (!customer) return fail(domainError('not_found', 'account.error.login_required'));
  let passwordHash: string | null = null;
  if (input.newPassword !== '' || input.confirmation !== '') {
    if (!(await verifyPassword(customer.passwordHash, input.currentPassword))) {
      return fail(
        domainError('invalid', 'account.error.current_password_wrong', {
          field: 'password_current',
        }),
      );
    }
    const weak = await checkNewPassword(
      input.newPassword,
      input.confirmation,
      customerBlacklist(ctx.shopName, { ...input, email: customer.email }),
      ctx,
    );
    if (weak) {
      const field = weak.code === 'account.error.password_mismatch' ? 'password_2' : 'password_1';
      return fail({ ...weak, params: { ...weak.params, field } });
    }
    passwordHash = await hashPassword(input.newPassword);
  }
  const newEmail = normalizeEmail(input.email);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(customers)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        displayName: input.displayName,
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: new Date(),
      })
      .where(eq(customers.id, customerId))
      .returning();
    if (updated) await queueWebhookEvent(tx, 'customer.updated', customerId);
    return updated;
  });
  const emailChange =
    newEmail !== customer.email
      ? { newEmail, token: await issueToken(db, customerId, 'email_change', { newEmail }) }
      : null;
  return ok({ customer: row!, emailChange, passwordChanged: passwordHash !== null });
}

/** Follows the link mailed to a new address: the account's email becomes that address. */
export async function confirmEmailChange(db: Tx, token: string): Promise<Result<CustomerRow>> {
  return db.transaction(async (tx) => {
    const claim = await consumeToken(tx, token, 'email_change');
    if (!claim?.newEmail) return fail(domainError('invalid', 'account.error.link_invalid'));
    const taken = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.email, claim.newEmail), ne(customers.id, claim.customerId)))
      .limit(1);
    if (taken.length > 0) return fail(domainError('conflict', 'account.error.email_taken'));
    const [row] = await tx
      .update(customers)
      .set({ email: claim.newEmail, updatedAt: new Date() })
      .where(eq(customers.id, claim.customerId))
      .returning();
    // Links sent to the former address must not outlive the change.
    await tx.delete(customerTokens).where(eq(customerTokens.customerId, claim.customerId));
    if (row) await queueWebhookEvent(tx, 'customer.updated', claim.customerId);
    return row ? ok(row) : fail(domainError('invalid', 'account.error.link_invalid'));
  });
}

export type AddressKind = 'billing' | 'shipping';

/** Saves a billing or shipping address under its country's rules; every field is judged. */
export async function saveAddress(
  db: Tx,
  customerId: number,
  kind: AddressKind,
  input: AddressInput,
  locale: Locale,
): Promise<Result<StoredAddress>> {
  const address = normalizeAddress({ ...input, country: (input.country ?? '').toUpperCase() });
  const problems = checkAddress(address, ADDRESS_FIELDS);
  const phone = address.phone ?? '';
  if (phone !== '' && !/^[\d\s#_\-+/()]{1,40}$/.test(phone)) {
    problems.push({ field: 'phone', code: 'required' });
  }
  const first = problems[0];
  if (first) return fail(addressError(first.field, first.code, address, kind, locale));
  const stored: StoredAddress = {};
  for (const field of ADDRESS_FIELDS) stored[field] = address[field] ?? '';
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({
        ...(kind === 'billing' ? { billingAddress: stored } : { shippingAddress: stored }),
        updatedAt: new Date(),
      })
      .where(eq(customers.id, customerId));
    await queueWebhookEvent(tx, 'customer.updated', customerId);
  });
  return ok(stored);
}

function addressError(
  field: AddressField,
  code: string,
  address: AddressInput,
  kind: AddressKind,
  locale: Locale,
): DomainError {
  const country = address.country ?? '';
  const label = isKnownCountry(country) ? fieldRule(country, field, locale).label : field;
  const key = field === 'phone' ? 'account.error.phone_invalid' : `shipping.error.${code}`;
  return domainError('invalid', key, { field: `${kind}_${field}`, label });
}

/** Checks the current password before something irreversible (deleting the account). */
export async function confirmPassword(
  db: Tx,
  customerId: number,
  password: string,
): Promise<Result<CustomerRow>> {
  const customer = await customerById(db, customerId);
  const matches = await verifyPassword(customer?.passwordHash ?? null, password);
  if (!customer || !matches) {
    return fail(
      domainError('invalid', 'account.error.current_password_wrong', { field: 'delete_password' }),
    );
  }
  return ok(customer);
}
