import type { Period, SubscriptionTerms } from '#app/domain/catalog/subscription-terms.ts';

// A product's terms are the catalog's; they are named here too for the subscriptions' code.
export {
  PERIODS,
  type Period,
  type SubscriptionTerms,
  dueTodayPerUnit,
  subscriptionTermsSchema,
} from '#app/domain/catalog/subscription-terms.ts';

/** Safe in the browser: the terms of a subscription product and the dates they lead to. */

export const SUBSCRIPTION_STATUSES = [
  /** Placed, first payment (or trial setup) not yet through. */
  'pending',
  'active',
  /** A renewal failed; the customer pays the renewal order to reactivate it. */
  'on-hold',
  /** The customer cancelled: it runs to the end of the paid period, then ends. */
  'pending-cancel',
  'cancelled',
  /** Its length was reached. */
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const DAY_MS = 86_400_000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * `from` moved on by `count` periods, in UTC. Months and years keep the day of the month of
 * `anchorDay` where the target month has it, else its last day: a subscription started on
 * 31 January renews on 28/29 February, then on 31 March again.
 */
export function addPeriods(from: Date, period: Period, count: number, anchorDay?: number): Date {
  if (period === 'day') return new Date(from.getTime() + count * DAY_MS);
  if (period === 'week') return new Date(from.getTime() + count * 7 * DAY_MS);
  const months = period === 'month' ? count : count * 12;
  const day = anchorDay ?? from.getUTCDate();
  const total = from.getUTCFullYear() * 12 + from.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const result = new Date(from.getTime());
  result.setUTCFullYear(year, month, Math.min(day, daysInMonth(year, month)));
  return result;
}

/** When the trial ends (the first charge), or null without one. */
export function trialEnd(start: Date, terms: Pick<SubscriptionTerms, 'trialDays'>): Date | null {
  return terms.trialDays > 0 ? new Date(start.getTime() + terms.trialDays * DAY_MS) : null;
}

/**
 * The first renewal date after sign-up: the trial's end (nothing was charged for the first
 * period yet), else one interval after the start.
 */
export function firstPaymentDate(start: Date, terms: SubscriptionTerms): Date {
  return trialEnd(start, terms) ?? addPeriods(start, terms.period, terms.interval);
}

/**
 * The renewal after the one due at `due`. The anchor is the day of month of the schedule's
 * start so short months do not pull every later date forward.
 */
export function nextPaymentDate(due: Date, terms: SubscriptionTerms, anchorDay: number): Date {
  return addPeriods(due, terms.period, terms.interval, anchorDay);
}

/**
 * Whether a subscription whose `paid` payments went through is over: its length counts the
 * paid periods (a trial is free and not one of them).
 */
export function lengthReached(terms: Pick<SubscriptionTerms, 'length'>, paid: number): boolean {
  return terms.length !== null && paid >= terms.length;
}

/** A renewal's idempotency: one renewal order per subscription and schedule position. */
export function renewalKey(subscriptionId: number, sequence: number): string {
  return `ladenzeile-subscription-${subscriptionId}-renewal-${sequence}`;
}

/** Which statuses the customer may cancel from, and which renew. */
export function mayCancel(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'on-hold' || status === 'pending';
}

export function renews(status: SubscriptionStatus): boolean {
  return status === 'active';
}
