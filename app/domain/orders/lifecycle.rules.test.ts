import { describe, expect, it } from 'vitest';
import {
  HOLDS_STOCK,
  TRANSITIONS,
  canTransition,
  defaultAnnouncement,
  paymentAnnouncement,
  placementAnnouncement,
  transitionEffects,
} from './lifecycle.rules.ts';
import { ORDER_STATUSES } from './orders.schema.ts';

describe('the order transition table', () => {
  it('releases goods exactly when a change leaves the statuses that hold them', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (!canTransition(from, to)) continue;
        const effects = transitionEffects(from, to);
        const leaves = HOLDS_STOCK.includes(from) && !HOLDS_STOCK.includes(to);
        const returns = !HOLDS_STOCK.includes(from) && HOLDS_STOCK.includes(to);
        expect(effects.includes('release_goods'), `${from} -> ${to}`).toBe(leaves);
        expect(effects.includes('retake_goods'), `${from} -> ${to}`).toBe(returns);
        expect(effects.includes('announce'), `${from} -> ${to}`).toBe(true);
      }
    }
  });

  it.each([
    ['pending', 'processing', true],
    ['failed', 'pending', true],
    ['completed', 'refunded', true],
    ['cancelled', 'pending', false],
    ['refunded', 'processing', false],
    ['completed', 'processing', false],
    ['pending', 'refunded', false],
  ] as const)('%s -> %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('ends nowhere from cancelled and refunded', () => {
    expect(TRANSITIONS.cancelled).toEqual({});
    expect(TRANSITIONS.refunded).toEqual({});
  });

  it('asks the provider to cancel an open payment and to refund a paid one', () => {
    expect(transitionEffects('pending', 'cancelled')).toContain('cancel_payment');
    expect(transitionEffects('processing', 'refunded')).toContain('refund_payment');
    expect(transitionEffects('pending', 'failed')).not.toContain('cancel_payment');
  });

  it('neither refunds nor releases again when recorded refunds gave everything back', () => {
    for (const from of ['processing', 'completed'] as const) {
      expect(transitionEffects(from, 'refunded', { refundsRecorded: true })).toEqual(['announce']);
    }
  });

  it.each([
    [defaultAnnouncement, 'pending', 'processing', 'new_order'],
    [defaultAnnouncement, 'failed', 'on-hold', 'new_order'],
    [defaultAnnouncement, 'processing', 'completed', 'status'],
    [defaultAnnouncement, 'failed', 'pending', 'none'],
    [placementAnnouncement, 'pending', 'failed', 'none'],
    [placementAnnouncement, 'pending', 'on-hold', 'new_order'],
    [paymentAnnouncement, 'pending', 'processing', 'status'],
    [paymentAnnouncement, 'pending', 'pending', 'none'],
  ] as const)('%o: %s -> %s sends %s', (pick, from, to, mail) => {
    expect(pick(from, to)).toBe(mail);
  });
});
