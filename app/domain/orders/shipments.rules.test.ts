import { describe, expect, it } from 'vitest';
import {
  type Carrier,
  normalizeTrackingNumber,
  remainingQuantities,
  trackingLink,
  validS10,
  validTrackingNumber,
  validTrackingUrl,
  validUps,
} from './shipments.rules.ts';

const valid = (carrier: Carrier, raw: string) =>
  validTrackingNumber(carrier, normalizeTrackingNumber(carrier, raw));

describe('tracking number formats', () => {
  const cases: [Carrier, string[], string[]][] = [
    [
      'dhl',
      ['003404341610', '00340434161094', '0034 0434 1610 9404 2557', 'JJD000390007882624925'],
      ['12345678901', '1234567890123', 'JJD123', '00340434161094042557X', 'ABCDEFGHIJKL'],
    ],
    [
      'deutsche_post',
      ['RR123456785DE', 'rr 1234 5678 5de', 'A0011F6A8800000004EF'],
      ['RR123456789DE', 'R123456785DE', 'A0011F6A8800000004EG', '123456789012'],
    ],
    [
      'dpd',
      ['01234567890123', '0123 4567 8901 23'],
      ['0123456789012', '012345678901234', 'DPD12345678901'],
    ],
    ['gls', ['12345678901', '123456789012'], ['1234567890', '1234567890123', 'GLS12345678']],
    [
      'hermes',
      ['12345678901234', '1234567890123456', 'H1001990000000000001'],
      ['123456789012345', 'H100199000000000000', 'X1001990000000000001'],
    ],
    [
      'ups',
      ['1Z999AA10123456784', '1z 999 aa1 0123 4567 84'],
      ['1Z999AA10123456785', '1Z999AA1012345678', '2Z999AA10123456784'],
    ],
    [
      'other',
      ['AB-123.45/6', 'Spedition 4711'],
      ['a', '<script>', 'x'.repeat(61), '1\u0000', '-leading'],
    ],
  ];
  for (const [carrier, good, bad] of cases) {
    it(`${carrier}: accepts its formats and refuses the rest`, () => {
      for (const number of good) expect(valid(carrier, number), number).toBe(true);
      for (const number of bad) expect(valid(carrier, number), number).toBe(false);
    });
  }

  it('checks the UPU S10 and UPS check digits', () => {
    expect(validS10('EE123456785DE')).toBe(true);
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(validS10(`EE12345678${digit}DE`)).toBe(digit === 5);
      expect(validUps(`1Z999AA1012345678${digit}`)).toBe(digit === 4);
    }
  });

  it('writes carrier numbers without spaces in capitals; other text stays as typed', () => {
    expect(normalizeTrackingNumber('ups', ' 1z999 aa1 ')).toBe('1Z999AA1');
    expect(normalizeTrackingNumber('other', '  Spedition   4711 ')).toBe('Spedition 4711');
  });
});

describe('tracking links', () => {
  it('builds each carrier’s public tracking page with the number', () => {
    const link = (carrier: Carrier, trackingNumber: string) =>
      trackingLink({ carrier, trackingNumber });
    expect(link('dhl', '00340434161094')).toBe(
      'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094',
    );
    expect(link('dpd', '01234567890123')).toBe(
      'https://tracking.dpd.de/status/de_DE/parcel/01234567890123',
    );
    expect(link('ups', '1Z999AA10123456784')).toContain('tracknum=1Z999AA10123456784');
    expect(link('gls', '12345678901')).toContain('match=12345678901');
    expect(link('hermes', '12345678901234')).toContain('#12345678901234');
    expect(link('deutsche_post', 'RR123456785DE')).toContain('piececode=RR123456785DE');
    expect(link('other', 'Spedition 4711')).toBeNull();
    expect(
      trackingLink({ carrier: 'other', trackingNumber: 'X1', trackingUrl: 'https://t.example/1' }),
    ).toBe('https://t.example/1');
  });

  it('takes only plain web addresses for another carrier', () => {
    expect(validTrackingUrl('https://track.example.org/?id=4711')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'https://user:pw@example.org/',
      'https://example.org/"onmouseover=',
      `https://example.org/${'a'.repeat(500)}`,
      'ftp://example.org/',
      'not a url',
    ]) {
      expect(validTrackingUrl(bad), bad).toBe(false);
    }
  });
});

describe('quantities left to ship', () => {
  it('subtracts every shipment of a line and never goes below zero', () => {
    const left = remainingQuantities(
      [
        { id: 1, quantity: 3 },
        { id: 2, quantity: 1 },
      ],
      [
        { orderItemId: 1, quantity: 1 },
        { orderItemId: 1, quantity: 1 },
        { orderItemId: 2, quantity: 5 },
      ],
    );
    expect(Object.fromEntries(left)).toEqual({ 1: 1, 2: 0 });
  });
});
