import { adoptOrderSubscriptions } from '#app/domain/subscriptions/order-subscriptions.server.ts';
import { guestCheckoutEnabled } from '#app/domain/checkout/checkout-customer.server.ts';
import {
  type AccountContext,
  accountPasswordProblem,
  customerBlacklist,
} from '#app/domain/customers/accounts.server.ts';
import { registerAtCheckout } from '#app/domain/checkout/checkout-account.server.ts';
import { accountSettings } from '#app/domain/customers/account-settings.server.ts';
import type { DomainError } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { eq } from 'drizzle-orm';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import { adoptOrderStripeCustomer } from '#app/domain/payments/stripe/saved-methods.server.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Translate } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { Session } from '#app/lib/session.server.ts';
import type { CheckoutAccountOffer } from '#app/domain/checkout/checkout.view.ts';
import { startCustomerSession } from '../customer-session.server.ts';
import { sendAccountMail } from './account-mail.server.ts';

type ShopContext = { db: Tx; env: Env; locale: Locale; currency: string; t: Translate };

/** What the checkout offers this visitor: nothing to a customer, an account to a guest. */
export async function checkoutAccountOffer(
  db: Tx,
  session: Session | null,
  shopName: string,
): Promise<CheckoutAccountOffer | null> {
  if (session?.customerId) return null;
  const [guest, settings] = await Promise.all([guestCheckoutEnabled(db), accountSettings(db)]);
  return {
    mode: guest ? 'optional' : 'required',
    minimum: settings.minPasswordStrength,
    enforced: settings.stopCheckout,
    blacklist: customerBlacklist(shopName, {}),
  };
}

export type AccountWish = {
  /** An account is made with the order: the box ticked, or guests may not buy without one. */
  wanted: boolean;
  email: string;
  password: string;
  accountContext: AccountContext;
};

/** Whether this checkout makes an account, and what keeps its password from being accepted. */
export async function checkoutAccountWish(
  ctx: ShopContext,
  session: Session | null,
  input: { requested: boolean; email: string; password: string },
): Promise<{ wish: AccountWish; problem: DomainError | null }> {
  const accountContext: AccountContext = {
    settings: await accountSettings(ctx.db),
    locale: ctx.locale,
    shopName: ctx.t('shop.name'),
  };
  const guest = await guestCheckoutEnabled(ctx.db);
  const wanted = !session?.customerId && (input.requested || !guest);
  const wish = { wanted, email: input.email, password: input.password, accountContext };
  const problem = wanted ? await accountPasswordProblem(input, accountContext) : null;
  return { wish, problem };
}

/**
 * The account made with a placed order. Active at once, it logs the shopper in under a new
 * session (the cookies returned) unless told not to; with double opt-in the activation mail
 * goes out instead. An
 * address with an account already gets the mail registration sends, and the order stays a
 * guest order: the page says no more than it would for a new address.
 */
export async function accountWithOrder(
  ctx: ShopContext,
  session: Session | null,
  order: OrderRow,
  wish: AccountWish,
  options: { logIn: boolean } = { logIn: true },
): Promise<string[]> {
  if (!wish.wanted) return [];
  const registered = await registerAtCheckout(
    ctx.db,
    { email: wish.email, password: wish.password, orderId: order.id },
    wish.accountContext,
  );
  if (!registered.ok) return [];
  const registration = registered.value;
  if (registration.kind !== 'exists') {
    // Subscriptions already started with the order become the new account's too.
    await adoptOrderSubscriptions(ctx.db, order.id, registration.customer.id);
    try {
      const [placed] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
      if (placed) {
        await adoptOrderStripeCustomer(
          ctx.db,
          stripeSetup(ctx.env).stripe,
          placed,
          registration.customer.id,
        );
      }
    } catch (error) {
      // The account works without it; the method stays with the payment only.
      console.error('stripe: saved method not linked to the new account', (error as Error).message);
    }
  }
  if (registration.kind === 'exists') {
    const locale = registration.customer.locale === 'en' ? 'en' : 'de';
    sendAccountMail(ctx.db, ctx.env, registration.customer.email, locale, { kind: 'exists' });
    return [];
  }
  if (registration.activationToken) {
    sendAccountMail(ctx.db, ctx.env, registration.customer.email, ctx.locale, {
      kind: 'activate',
      token: registration.activationToken,
    });
    return [];
  }
  if (!options.logIn) return [];
  const started = await startCustomerSession(ctx, {
    customerId: registration.customer.id,
    remember: false,
    previous: session,
    mergeCarts: false,
  });
  return started.cookies;
}
