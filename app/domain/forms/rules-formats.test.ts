import { describe, expect, it } from 'vitest';
import { isDate, isEmail, isNumber, isTel, isTime, normaliseUrl } from '#app/domain/forms/rules.ts';

/** The format checks behind the form rules: e-mail, telephone, URL, number, date and time. */

describe('isEmail', () => {
  it.each([
    'a@b.co', // exactly 6 characters
    'john.doe+tag@example.com',
    "o'brien@mail.example.de",
    'x@sub-domain.example.com',
    "a1!#$%&'*+/=?^_`{|}~-@ex.com",
    'USER@EXAMPLE.COM',
    'a@1.2.3.4',
  ])('accepts %s', (text) => {
    expect(isEmail(text)).toBe(true);
  });

  it.each([
    ['leading @', '@example.com'],
    ['empty local part', '@b.com'],
    ['5 characters', 'a@b.c'],
    ['double dots in the domain', 'john@example..com'],
    ['double dots in the local part', 'john..doe@example.com'],
    ['label starting with a hyphen', 'john@-example.com'],
    ['label ending with a hyphen', 'john@example-.com'],
    ['trailing dot', 'john@example.com.'],
    ['leading dot in the domain', 'john@.example.com'],
    ['two @', 'a@b@example.com'],
    ['one label only', 'john@localhost'],
    ['no @', 'john.example.com'],
    ['space in the local part', 'john doe@example.com'],
    ['underscore in the domain', 'john@exa_mple.com'],
    ['non-ASCII local part', 'jöhn@example.com'],
    ['empty', ''],
  ])('rejects %s: %s', (_case, text) => {
    expect(isEmail(text)).toBe(false);
  });
});

describe('isTel', () => {
  it.each([
    '123456', // exactly 6 digits
    '123456789012345', // exactly 15 digits
    '+123456',
    '+123456789012345',
    '00123456',
    '00123456789012345',
    '+49 30 1234567',
    '0049 (30) 123-45-67',
    '030/1234567',
    '030.123.456',
    '(+49) 30 123456',
  ])('accepts %s', (text) => {
    expect(isTel(text)).toBe(true);
  });

  it.each([
    '12345', // 5 digits
    '1234567890123456', // 16 digits
    '+12345',
    '+1234567890123456',
    '0012345',
    '001234567890123456',
    '12a456',
    '++49301234',
    '49+301234',
    '030_1234567',
    '+',
    '',
  ])('rejects %s', (text) => {
    expect(isTel(text)).toBe(false);
  });
});

describe('normaliseUrl', () => {
  it.each([
    ['example.com', 'http://example.com'],
    ['www.example.com/path?q=1', 'http://www.example.com/path?q=1'],
    ['//example.com', 'http://example.com'],
    ['  example.com  ', 'http://example.com'],
    ['https://example.com', 'https://example.com'],
    ['HTTPS://Example.com/A', 'HTTPS://Example.com/A'],
    ['http://user:pw@example.com:8080/x#top', 'http://user:pw@example.com:8080/x#top'],
    ['http://localhost:3000/', 'http://localhost:3000/'],
    ['http://[::1]/', 'http://[::1]/'],
    ['https://müller.de', 'https://müller.de'],
    ['ftp://files.example.com/a.zip', 'ftp://files.example.com/a.zip'],
    ['mailto:info@example.com', 'mailto:info@example.com'],
    ['tel:+4930123456', 'tel:+4930123456'],
    ['urn:isbn:0451450523', 'urn:isbn:0451450523'],
  ])('accepts %s as %s', (text, expected) => {
    expect(normaliseUrl(text)).toBe(expected);
  });

  it.each([
    ['no scheme and no dot', 'localhost'],
    ['unknown scheme', 'javascript:alert(1)'],
    ['unknown scheme with a dot', 'javascript:alert(document.cookie)'],
    ['data scheme', 'data:text/html,hi'],
    ['file scheme', 'file:///etc/passwd'],
    ['empty body', 'mailto:'],
    ['no host', 'http://'],
    ['no authority', 'http:example.com'],
    ['space in the URL', 'http://exa mple.com'],
    ['host label with a leading hyphen', 'http://-bad.example.com'],
    ['non-numeric port', 'http://example.com:80a/'],
    ['empty', ''],
  ])('rejects %s: %s', (_case, text) => {
    expect(normaliseUrl(text)).toBeNull();
  });
});

describe('isNumber', () => {
  it.each(['0', '42', '-7', '3.14', '.5', '-.5', '1e10', '1E-3', '2.5e+4', '-0.0'])(
    'accepts %s',
    (text) => {
      expect(isNumber(text)).toBe(true);
    },
  );

  it.each(['', 'abc', '1.', '+1', '1e', '1,5', '--1', '0x1A', '1 000', 'Infinity', 'NaN', '-'])(
    'rejects %s',
    (text) => {
      expect(isNumber(text)).toBe(false);
    },
  );
});

describe('isDate', () => {
  it.each(['2024-02-29', '2000-02-29', '2026-12-31', '2026-01-01', '2026-04-30'])(
    'accepts %s',
    (text) => {
      expect(isDate(text)).toBe(true);
    },
  );

  it.each([
    ['Feb 29 in a non-leap year', '2023-02-29'],
    ['Feb 29 in a century non-leap year', '1900-02-29'],
    ['month 13', '2026-13-01'],
    ['month 00', '2026-00-10'],
    ['day 00', '2026-01-00'],
    ['April 31', '2026-04-31'],
    ['two-digit year', '26-01-01'],
    ['one-digit month', '2026-1-01'],
    ['slashes', '2026/01/01'],
    ['year 0', '0000-01-01'],
    ['date-time', '2026-01-01T00:00'],
  ])('rejects %s: %s', (_case, text) => {
    expect(isDate(text)).toBe(false);
  });
});

describe('isTime', () => {
  it.each(['00:00', '23:59', '23:59:59', '12:30:05', '00:00:00'])('accepts %s', (text) => {
    expect(isTime(text)).toBe(true);
  });

  it.each(['24:00', '12:60', '12:00:60', '1:00', '12:00:0', '12-00', '12:00:00.5', ''])(
    'rejects %s',
    (text) => {
      expect(isTime(text)).toBe(false);
    },
  );
});
