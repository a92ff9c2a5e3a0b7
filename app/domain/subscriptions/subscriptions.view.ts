import type { Translate } from '#app/lib/i18n.ts';
import type { SubscriptionStatus, SubscriptionTerms } from './subscriptions.rules.ts';

/** Safe in the browser: the words for a subscription's terms, in the reader's language. */

/** "9,90 € / Monat", "9,90 € alle 2 Monate". */
export function recurringText(t: Translate, price: string, terms: SubscriptionTerms): string {
  return t(`subscription.price_${terms.period}`, { price, count: terms.interval });
}

/** Trial, sign-up fee and length, each a sentence of its own. */
export function termsDetails(
  t: Translate,
  money: (amount: number) => string,
  terms: SubscriptionTerms,
): string[] {
  const out: string[] = [];
  if (terms.trialDays > 0) out.push(t('subscription.trial', { count: terms.trialDays }));
  if (terms.signUpFee > 0)
    out.push(t('subscription.sign_up_fee', { price: money(terms.signUpFee) }));
  out.push(
    terms.length === null
      ? t('subscription.until_cancelled')
      : t('subscription.length', { count: terms.length }),
  );
  return out;
}

/** A subscription as the account pages list and show it. */
export type SubscriptionView = {
  id: number;
  status: SubscriptionStatus;
  name: string;
  quantity: number;
  recurringTotal: number;
  currency: string;
  terms: SubscriptionTerms;
  startAt: string;
  trialEndAt: string | null;
  nextPaymentAt: string | null;
  endAt: string | null;
  paymentMethodTitle: string;
  paymentMethodLabel: string;
  manualRenewal: boolean;
  mayCancel: boolean;
  mayChangeMethod: boolean;
};
