import { localize } from '#app/domain/kernel/localized.ts';
import { STRIPE_METHODS } from '#app/domain/payments/stripe/methods.ts';
import type { SavedMethod } from '#app/domain/payments/stripe/saved-methods.server.ts';
import type { Translate } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';

/** A saved method as a page shows it: what it is, and until when a card runs. */
export type SavedMethodView = {
  id: string;
  type: string;
  label: string;
  expires: string | null;
  isDefault: boolean;
};

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

export function savedMethodView(
  method: SavedMethod,
  t: Translate,
  locale: Locale,
): SavedMethodView {
  const config = STRIPE_METHODS.find((m) => m.type === method.type);
  const name = method.brand
    ? (BRANDS[method.brand] ?? method.brand)
    : config
      ? localize(config.title, locale)
      : method.type;
  return {
    id: method.id,
    type: method.type,
    label: t('methods.ending_in', { name, last4: method.last4 }),
    expires:
      method.expMonth && method.expYear
        ? `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`
        : null,
    isDefault: method.isDefault,
  };
}
