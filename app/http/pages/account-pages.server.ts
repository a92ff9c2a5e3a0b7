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
import type { StoredAddress, TokenPurpose } from '#app/domain/customers/customers.schema.ts';
import { peekToken } from '#app/domain/customers/tokens.server.ts';
import type { Result } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import {
  ACCOUNT_MESSAGE_AREAS,
  ACCOUNT_NOTICES,
  type AccountNotice,
} from '#app/domain/customers/account-form.view.ts';
import { currentCustomer, requireCustomer } from './account-form.server.ts';
import { forgetPersonal } from '../personal.server.ts';
import { readForm, safeRedirectPath, shop } from '../request.server.ts';

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
  // Where the login returns to (e.g. the page whose wallet needed an account): a path on this
  // site only; anything else returns to the account.
  const back = new URL(args.request.url).searchParams.get('redirect_to');
  return {
    ...common,
    view: 'login' as const,
    redirectTo: safeRedirectPath(back, '/my-account'),
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

/** A mailed link's page: a button that uses the link up, or why the link no longer works. */
export type LinkPageData = {
  title: string;
  messages: ReturnType<typeof messagesFor>;
  /** `confirm`: the link is live and waits for the button; `done` / `failed`: after the post. */
  state: 'confirm' | 'done' | 'failed';
  key: string;
  message: string;
};

type LinkKind = {
  title: TextKey;
  purpose: TokenPurpose;
  /** Uses the link up; mail scanners that fetch it with GET never do. */
  use: (db: Tx, key: string) => Promise<Result<unknown>>;
  done: TextKey;
  intro: TextKey;
};

const LINKS = {
  activate: {
    title: 'account.activate_title',
    purpose: 'activate',
    use: activateCustomer,
    done: 'account.activated',
    intro: 'account.activate_intro',
  },
  email: {
    title: 'account.confirm_email_title',
    purpose: 'email_change',
    use: confirmEmailChange,
    done: 'account.email_changed',
    intro: 'account.confirm_email_intro',
  },
} satisfies Record<string, LinkKind>;

const linkKey = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');

/** GET of `/my-account/activate?key=…` or `/my-account/confirm-email?key=…`. */
export async function loadLinkPage(args: Args, kind: keyof typeof LINKS): Promise<LinkPageData> {
  const link: LinkKind = LINKS[kind];
  const { base, common } = page(args, link.title);
  const key = linkKey(new URL(args.request.url).searchParams.get('key'));
  const live = await peekToken(base.db, key, link.purpose);
  const { title, messages } = common;
  return live
    ? { title, messages, state: 'confirm', key, message: base.t(link.intro) }
    : { title, messages, state: 'failed', key: '', message: base.t('account.error.link_invalid') };
}

/** The button's post: the link is used up once, whoever posts twice. */
export async function followLink(args: Args, kind: keyof typeof LINKS): Promise<LinkPageData> {
  const link: LinkKind = LINKS[kind];
  const { base, common } = page(args, link.title);
  const read = await readForm(args.request);
  const key = read.ok ? linkKey(read.value.get('key')) : '';
  const result = await link.use(base.db, key);
  if (result.ok && kind === 'email') {
    const { session } = await currentCustomer(args);
    if (session) forgetPersonal(session.idHash);
  }
  return {
    title: common.title,
    messages: common.messages,
    state: result.ok ? 'done' : 'failed',
    key: '',
    message: result.ok
      ? base.t(link.done)
      : base.t(result.error.code as TextKey, result.error.params),
  };
}
