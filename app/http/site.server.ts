import { type AppLoadContext, data } from 'react-router';
import { attributionSettings } from '#app/domain/attribution/attribution.server.ts';
import {
  COMING_SOON_DISMISSED,
  customerMetaValue,
} from '#app/domain/customers/customer-meta.server.ts';
import { customerOfSession } from '#app/domain/customers/identity.server.ts';
import { canEditContent } from '#app/domain/customers/identity.view.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { siteSettings } from '#app/domain/settings/site-settings.server.ts';
import {
  DEFAULT_PAYMENT_SETTINGS,
  PAYMENT_SETTINGS_KEY,
  paymentSettingsSchema,
  takesCardOrWallet,
} from '#app/domain/payments/payments.ts';
import { homeFreeShipping } from '#app/domain/shipping/shipping.server.ts';
import { formatMoneyInText } from '#app/domain/pricing/money.ts';
import type { PageMessages } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import { consentOf, storeNoticeHidden } from '#app/lib/page-cookies.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import type { shop } from './request.server.ts';

/** The REST address the coming-soon banner's dismissal posts to (as WooCommerce's does). */
export const USERS_ME_PATH = '/wp-json/wp/v2/users/me';

/** Pages the public still reaches in coming-soon mode: signing in and the legal pages. */
const OPEN_WHILE_COMING_SOON =
  /^\/(my-account(\/.*)?|impressum|agb|widerruf|datenschutz|versand-und-zahlung|cookie-einstellungen|store-notice|set-language)$/;

export type ComingSoonData = { comingSoon: true; locale: Locale; messages: PageMessages };

/**
 * What the page shell shows besides the menu: the store notice (unless this visitor hid it),
 * the consent choice, the attribution prefix, the claims the settings bear out, and in
 * coming-soon mode the shop manager's banner. For anyone else in coming-soon mode it throws
 * the coming-soon page (503, noindex). It reads the session only in coming-soon mode, so
 * shared pages stay shared otherwise.
 */
export async function siteShell(
  args: { request: Request; context: AppLoadContext },
  base: ReturnType<typeof shop>,
  messages: PageMessages,
) {
  const { db, env, locale } = base;
  const cookies = args.request.headers.get('cookie');
  const [site, attribution, freeShipping] = await Promise.all([
    siteSettings(db, [PAYMENT_SETTINGS_KEY]),
    attributionSettings(db),
    homeFreeShipping(db),
  ]);
  let comingSoonBanner: { restUrl: string; nonce: string } | null = null;
  if (site.comingSoon) {
    const session = await base.session();
    const viewer = session ? await customerOfSession(db, session.idHash) : null;
    if (canEditContent(viewer)) {
      const dismissed = await customerMetaValue(db, viewer!.id, COMING_SOON_DISMISSED);
      if (dismissed !== 'yes') {
        comingSoonBanner = { restUrl: USERS_ME_PATH, nonce: sessionNonce(session!, env) };
      }
    } else {
      const path = new URL(args.request.url).pathname.replace(/(\/_root)?\.data$/, '') || '/';
      if (!OPEN_WHILE_COMING_SOON.test(path)) {
        throw data<ComingSoonData>(
          { comingSoon: true, locale, messages },
          {
            status: 503,
            headers: {
              'Retry-After': '3600',
              'X-Robots-Tag': 'noindex',
              'Cache-Control': 'no-store',
            },
          },
        );
      }
    }
  }
  const notice = site.storeNotice;
  const noticeText = notice ? localize(notice.text, locale).trim() : '';
  return {
    storeNotice:
      notice && noticeText && !storeNoticeHidden(cookies, notice.id)
        ? { text: noticeText, id: notice.id }
        : null,
    consent: consentOf(cookies),
    attributionPrefix: attribution.enabled ? attribution.prefix : null,
    comingSoonBanner,
    claims: {
      /** Free shipping within the shop's country: null none, `from` null without a minimum. */
      freeShipping: freeShipping
        ? {
            from:
              freeShipping.minAmount === null
                ? null
                : formatMoneyInText(freeShipping.minAmount, env.SHOP_CURRENCY, locale),
          }
        : null,
      cardPayment: takesCardOrWallet(paymentSettingsOf(site.further[PAYMENT_SETTINGS_KEY])),
    },
  };
}

/** Stored payment settings, or the defaults when none or malformed ones are stored. */
function paymentSettingsOf(stored: unknown) {
  const parsed = paymentSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_PAYMENT_SETTINGS;
}
