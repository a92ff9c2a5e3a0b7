import { describe, expect, it } from 'vitest';
import { countUpAt } from './count-up.ts';
import { COUNT_UP_MS, easeInOutCubic, easeOutCubic, prefersReducedMotion } from './motion.ts';
import { scrollPositionAt } from './scroll-to.ts';
import { shouldStick } from './sticky-header.ts';

describe('easing', () => {
  it('starts at 0, ends at 1 and stays inside for times out of range', () => {
    for (const ease of [easeInOutCubic, easeOutCubic]) {
      expect(ease(0)).toBe(0);
      expect(ease(1)).toBe(1);
      expect(ease(-1)).toBe(0);
      expect(ease(2)).toBe(1);
    }
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.5);
  });
});

describe('countUpAt', () => {
  it('counts whole numbers from 0 up to the value over the duration', () => {
    const shown = [0, 500, 1000, 2000, 3000, 3999].map((t) => countUpAt(1234, t, COUNT_UP_MS));
    expect(shown[0]).toBe(0);
    for (let i = 1; i < shown.length; i++) {
      expect(Number.isInteger(shown[i])).toBe(true);
      expect(shown[i]).toBeGreaterThanOrEqual(shown[i - 1]!);
      expect(shown[i]).toBeLessThanOrEqual(1234);
    }
    expect(countUpAt(1234, COUNT_UP_MS, COUNT_UP_MS)).toBe(1234);
    expect(countUpAt(1234, 99_999, COUNT_UP_MS)).toBe(1234);
  });

  it('shows the value at once when there is no time to count', () => {
    expect(countUpAt(57, 0, 0)).toBe(57);
  });
});

describe('scrollPositionAt', () => {
  it('moves from start to target, both ways, and stops on the target', () => {
    expect(scrollPositionAt(0, 800, 0, 1000)).toBe(0);
    expect(scrollPositionAt(0, 800, 500, 1000)).toBeCloseTo(400);
    expect(scrollPositionAt(0, 800, 1000, 1000)).toBe(800);
    expect(scrollPositionAt(800, 0, 1500, 1000)).toBe(0);
    expect(scrollPositionAt(800, 0, 250, 1000)).toBeGreaterThan(400);
    expect(scrollPositionAt(300, 900, 10, 0)).toBe(900);
  });
});

describe('shouldStick', () => {
  it('sticks only once the page has scrolled past the header', () => {
    expect(shouldStick(0, 150)).toBe(false);
    expect(shouldStick(150, 150)).toBe(false);
    expect(shouldStick(151, 150)).toBe(true);
  });
});

describe('prefersReducedMotion', () => {
  it('is false outside the browser', () => {
    expect(prefersReducedMotion()).toBe(false);
  });
});
