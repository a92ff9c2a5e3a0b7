import type { AppLoadContext } from 'react-router';
import { accountSettings } from '#app/domain/customers/account-settings.server.ts';
import {
  activateCustomer,
  confirmEmailChange,
  customerBlacklist,
  resetLinkValid,
} from '#app/domain/customers/accounts.server.ts';
import {
  type AddressField,
  ADDRESS_FIELDS,
  SHOP_COUNTRY,
} from '#app/domain/customers/address-locale.ts';
import type { StoredAddress } from '#app/domain/customers/customers.schema.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { ACCOUNT_MESSAGE_AREAS, ACCOUNT_NOTICES, type AccountNotice } from './account-form.view.ts';
import { currentCustomer, requireCustomer } from './account-form.server.ts';
import { forgetPersonal } from '../personal.server.ts';
import { shop } from '../request.server.ts';

type Args = { request: Request; context: AppLoadContext };

function noticeOf(url: URL): AccountNotice | null {
  const value = url.searchParams.get('notice');
  return (ACCOUNT_NOTICES as readonly string[]).includes(value ?? '')
    ? (value as AccountNotice)
    : null;
}

const NOTICE_TEXT: Record<AccountNotice, TextKey> = {
  logged_out: 'account.logged_out',
  deleted: 'account.deleted',
  registered: 'account.registered',
  activated: 'account.activated',
  reset_done: 'account.reset_done',
  email_changed: 'account.email_changed',
  password_changed: 'account.password_changed',
  cart_merged: 'account.cart_merged',
  cart_limited: 'account.cart_limited',
};

function page(args: Args, title: TextKey) {
  const base = shop(args);
  const url = new URL(args.request.url);
  const notice = noticeOf(url);
  return {
    base,
    common: {
      title: `${base.t(title)} | ${base.t('shop.name')}`,
      notice: notice ? base.t(NOTICE_TEXT[notice]) : null,
      messages: messagesFor(base.locale, ACCOUNT_MESSAGE_AREAS),
    },
  };
}

/** `/my-account`: the dashboard for a customer, login and registration for anyone else. */
export async function loadMyAccount(args: Args) {
  const { base, common } = page(args, 'account.title');
  const { session, customer } = await currentCustomer(args);
  if (session && customer) {
    const { security } = await requireCustomer(args);
    return {
      ...common,
      view: 'dashboard' as const,
      security,
      name: customer.displayName || customer.email,
    };
  }
  const settings = await accountSettings(base.db);
  return {
    ...common,
    view: 'login' as const,
    doubleOptIn: settings.doubleOptIn,
    minStrength: settings.minPasswordStrength,
    blacklist: customerBlacklist(base.t('shop.name'), {}),
  };
}

/** `/my-account/lost-password`: the request form, or with a live `key` the reset form. */
export async function loadLostPassword(args: Args) {
  const { base, common } = page(args, 'account.lost_title');
  const key = new URL(args.request.url).searchParams.get('key');
  const settings = await accountSettings(base.db);
  const valid = key ? await resetLinkValid(base.db, key) : false;
  return {
    ...common,
    key: valid ? key : null,
    linkRefused: key !== null && !valid ? base.t('account.error.link_invalid') : null,
    minStrength: settings.minPasswordStrength,
    blacklist: customerBlacklist(base.t('shop.name'), {}),
  };
}

/** `/my-account/edit-account`: names, email, password, data export and deletion. */
export async function loadEditAccount(args: Args) {
  const { base, common } = page(args, 'account.details_title');
  const { customer, security } = await requireCustomer(args);
  const settings = await accountSettings(base.db);
  return {
    ...common,
    security,
    minStrength: settings.minPasswordStrength,
    blacklist: customerBlacklist(base.t('shop.name'), customer),
    details: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      displayName: customer.displayName,
      email: customer.email,
    },
  };
}

function withCountry(address: StoredAddress): Record<AddressField, string> {
  const out = {} as Record<AddressField, string>;
  for (const field of ADDRESS_FIELDS) out[field] = address[field] ?? '';
  if (!out.country) out.country = SHOP_COUNTRY;
  return out;
}

/** `/my-account/edit-address`: the billing and the shipping address. */
export async function loadEditAddress(args: Args) {
  const { common } = page(args, 'account.addresses_title');
  const { customer, security } = await requireCustomer(args);
  return {
    ...common,
    security,
    billing: withCountry(customer.billingAddress),
    shipping: withCountry(customer.shippingAddress),
  };
}

/** `/my-account/activate?key=…`: the double opt-in link. */
export async function loadActivation(args: Args) {
  const { base, common } = page(args, 'account.activate_title');
  const key = new URL(args.request.url).searchParams.get('key') ?? '';
  const result = await activateCustomer(base.db, key);
  return {
    ...common,
    ok: result.ok,
    message: result.ok ? base.t('account.activated') : base.t('account.error.link_invalid'),
  };
}

/** `/my-account/confirm-email?key=…`: the link mailed to a new address. */
export async function loadEmailConfirmation(args: Args) {
  const { base, common } = page(args, 'account.confirm_email_title');
  const key = new URL(args.request.url).searchParams.get('key') ?? '';
  const result = await confirmEmailChange(base.db, key);
  if (result.ok) {
    const { session } = await currentCustomer(args);
    if (session) forgetPersonal(session.idHash);
  }
  return {
    ...common,
    ok: result.ok,
    message: result.ok
      ? base.t('account.email_changed')
      : base.t(result.error.code as TextKey, result.error.params),
  };
}
