import { describe, expect, it } from 'vitest';
import {
  normalizePostcode,
  offlinePoints,
  pickupPointLines,
  storedPickupPoint,
} from './pickup-points.ts';

describe('offline pickup points', () => {
  it('gives the same six points for the same postcode, nearest first', () => {
    const first = offlinePoints({ country: 'DE', postcode: '04109' });
    expect(first).toHaveLength(6);
    expect(offlinePoints({ country: 'DE', postcode: '04109' })).toEqual(first);
    const distances = first.map((p) => p.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const point of first) {
      expect(point.id).toMatch(/^dhl-041-\d$/);
      expect(point.city).toBe('Leipzig');
      expect(point.postcode).toMatch(/^041\d\d$/);
      expect(point.name).toMatch(/^(Packstation \d{3}|Postfiliale \d{3}|DHL Paketshop .+)$/);
      expect(point.distance).toBeGreaterThanOrEqual(150);
      expect(point.distance).toBeLessThan(3000);
    }
    expect(first.filter((p) => p.kind === 'locker').every((p) => p.hours.days === 'always')).toBe(
      true,
    );
  });

  it('shares the points of a postcode area, with distances from the exact postcode', () => {
    const a = offlinePoints({ country: 'DE', postcode: '04109' });
    const b = offlinePoints({ country: 'DE', postcode: '04103' });
    expect(new Set(b.map((p) => p.id))).toEqual(new Set(a.map((p) => p.id)));
    expect(b.map((p) => p.distance)).not.toEqual(a.map((p) => p.distance));
    expect(offlinePoints({ country: 'DE', postcode: '01067' })[0]!.city).toBe('Dresden');
    const munich = offlinePoints({ country: 'DE', postcode: '80331' });
    expect(munich[0]!.city).toBe('München');
    expect(munich.some((p) => a.some((q) => q.id === p.id))).toBe(false);
  });

  it('offers nothing for other countries or postcodes that are not German', () => {
    expect(offlinePoints({ country: 'AT', postcode: '1010' })).toEqual([]);
    for (const postcode of ['', '0410', '041099', 'ABCDE', '04109\0', '0'.repeat(10_000)]) {
      expect(normalizePostcode('DE', postcode)).toBeNull();
      expect(offlinePoints({ country: 'DE', postcode })).toEqual([]);
    }
    expect(normalizePostcode('DE', ' 04 109 ')).toBe('04109');
  });

  it('stores the provider data with the rate, and shows it as address lines', () => {
    const point = offlinePoints({ country: 'DE', postcode: '10115' })[0]!;
    const stored = storedPickupPoint(point, {
      rateId: 'pickup_point:9',
      name: 'DHL Packstation / Paketshop',
    });
    expect(stored).toMatchObject({
      delivery_method_type: 'pickup_point',
      rate_id: 'pickup_point:9',
      id: point.id,
      name: point.name,
    });
    expect(pickupPointLines(stored)).toEqual([
      'DHL Packstation / Paketshop',
      point.name,
      point.street,
      `${point.postcode} Berlin`,
    ]);
  });
});
