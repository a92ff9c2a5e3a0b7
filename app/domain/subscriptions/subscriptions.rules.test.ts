import { describe, expect, it } from 'vitest';
import {
  type SubscriptionTerms,
  addPeriods,
  dueTodayPerUnit,
  firstPaymentDate,
  lengthReached,
  mayCancel,
  nextPaymentDate,
  renewalKey,
  subscriptionTermsSchema,
  trialEnd,
} from './subscriptions.rules.ts';

const at = (iso: string) => new Date(iso);
const monthly: SubscriptionTerms = {
  period: 'month',
  interval: 1,
  trialDays: 0,
  signUpFee: 0,
  length: null,
};

describe('addPeriods', () => {
  it('adds days and weeks as fixed lengths, keeping the time of day', () => {
    expect(addPeriods(at('2026-03-28T10:15:00Z'), 'day', 5).toISOString()).toBe(
      '2026-04-02T10:15:00.000Z',
    );
    expect(addPeriods(at('2026-12-29T08:00:00Z'), 'week', 2).toISOString()).toBe(
      '2027-01-12T08:00:00.000Z',
    );
  });

  it('moves a month end to the last day of a shorter month', () => {
    expect(addPeriods(at('2026-01-31T09:00:00Z'), 'month', 1).toISOString()).toBe(
      '2026-02-28T09:00:00.000Z',
    );
    expect(addPeriods(at('2028-01-31T09:00:00Z'), 'month', 1).toISOString()).toBe(
      '2028-02-29T09:00:00.000Z',
    );
    expect(addPeriods(at('2026-03-31T09:00:00Z'), 'month', 1).toISOString()).toBe(
      '2026-04-30T09:00:00.000Z',
    );
  });

  it('returns to the anchor day after a short month', () => {
    const feb = addPeriods(at('2026-01-31T09:00:00Z'), 'month', 1, 31);
    expect(addPeriods(feb, 'month', 1, 31).toISOString()).toBe('2026-03-31T09:00:00.000Z');
  });

  it('handles intervals across year ends', () => {
    expect(addPeriods(at('2026-11-15T00:00:00Z'), 'month', 3).toISOString()).toBe(
      '2027-02-15T00:00:00.000Z',
    );
    expect(addPeriods(at('2026-05-10T00:00:00Z'), 'month', 14).toISOString()).toBe(
      '2027-07-10T00:00:00.000Z',
    );
  });

  it('moves 29 February to 28 February in a common year, and back in a leap year', () => {
    expect(addPeriods(at('2028-02-29T12:00:00Z'), 'year', 1).toISOString()).toBe(
      '2029-02-28T12:00:00.000Z',
    );
    expect(addPeriods(at('2029-02-28T12:00:00Z'), 'year', 3, 29).toISOString()).toBe(
      '2032-02-29T12:00:00.000Z',
    );
  });
});

describe('schedule', () => {
  it('charges the first renewal one interval after the start without a trial', () => {
    const start = at('2026-01-31T18:00:00Z');
    expect(firstPaymentDate(start, { ...monthly, interval: 2 }).toISOString()).toBe(
      '2026-03-31T18:00:00.000Z',
    );
    expect(trialEnd(start, monthly)).toBeNull();
  });

  it('charges the first time when the trial ends', () => {
    const start = at('2026-02-20T10:00:00Z');
    const terms = { ...monthly, trialDays: 14 };
    expect(trialEnd(start, terms)?.toISOString()).toBe('2026-03-06T10:00:00.000Z');
    expect(firstPaymentDate(start, terms).toISOString()).toBe('2026-03-06T10:00:00.000Z');
  });

  it('keeps the anchor day for later renewals', () => {
    const anchor = 31;
    const terms = monthly;
    const second = nextPaymentDate(at('2026-02-28T10:00:00Z'), terms, anchor);
    expect(second.toISOString()).toBe('2026-03-31T10:00:00.000Z');
    const weekly = nextPaymentDate(at('2026-02-28T10:00:00Z'), { ...terms, period: 'week' }, 31);
    expect(weekly.toISOString()).toBe('2026-03-07T10:00:00.000Z');
  });

  it('ends after the paid periods of its length', () => {
    expect(lengthReached({ length: 3 }, 2)).toBe(false);
    expect(lengthReached({ length: 3 }, 3)).toBe(true);
    expect(lengthReached({ length: null }, 500)).toBe(false);
  });
});

describe('amounts and keys', () => {
  it('charges the sign-up fee with the first price, or alone during a trial', () => {
    expect(dueTodayPerUnit(990, { ...monthly, signUpFee: 490 })).toBe(1480);
    expect(dueTodayPerUnit(990, { ...monthly, trialDays: 14 })).toBe(0);
    expect(dueTodayPerUnit(990, { ...monthly, trialDays: 14, signUpFee: 300 })).toBe(300);
  });

  it('names each renewal of a subscription once', () => {
    expect(renewalKey(7, 3)).toBe('ladenzeile-subscription-7-renewal-3');
    expect(renewalKey(7, 3)).not.toBe(renewalKey(7, 4));
  });

  it('lets only running subscriptions be cancelled', () => {
    expect(mayCancel('active')).toBe(true);
    expect(mayCancel('on-hold')).toBe(true);
    expect(mayCancel('cancelled')).toBe(false);
    expect(mayCancel('pending-cancel')).toBe(false);
    expect(mayCancel('expired')).toBe(false);
  });

  it('refuses terms out of range', () => {
    expect(subscriptionTermsSchema.safeParse({ ...monthly, interval: 0 }).success).toBe(false);
    expect(subscriptionTermsSchema.safeParse({ ...monthly, period: 'hour' }).success).toBe(false);
    expect(subscriptionTermsSchema.safeParse(monthly).success).toBe(true);
  });
});
