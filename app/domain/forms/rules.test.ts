import { describe, expect, it } from 'vitest';
import {
  checkRule,
  isDate,
  isEmail,
  isNumber,
  isTel,
  isTime,
  normaliseUrl,
  validateForm,
  type FieldValue,
  type Rule,
  type UploadedFileInfo,
} from '#app/domain/forms/rules.ts';

const file = (name: string, size = 100, type = 'application/octet-stream'): UploadedFileInfo => ({
  name,
  size,
  type,
});
// What a browser submits for a file input left empty.
const noFile = file('', 0);

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

/** [rule, values, expected] rows for checkRule. */
type Row = [Rule, FieldValue[], boolean];
const f = 'field';
const err = 'error';

describe('checkRule', () => {
  const email: Rule = { rule: 'email', field: f, error: err };
  const url: Rule = { rule: 'url', field: f, error: err };
  const tel: Rule = { rule: 'tel', field: f, error: err };
  const number: Rule = { rule: 'number', field: f, error: err };
  const date: Rule = { rule: 'date', field: f, error: err };
  const time: Rule = { rule: 'time', field: f, error: err };
  const optionalRules: Rule[] = [
    email,
    url,
    tel,
    number,
    date,
    time,
    { rule: 'file', field: f, error: err, accept: ['.pdf'] },
    { rule: 'enum', field: f, error: err, accept: ['a'] },
    { rule: 'dayofweek', field: f, error: err, accept: [1] },
    { rule: 'maxitems', field: f, error: err, threshold: 0 },
    { rule: 'minlength', field: f, error: err, threshold: 3 },
    { rule: 'maxlength', field: f, error: err, threshold: 0 },
    { rule: 'minnumber', field: f, error: err, threshold: 5 },
    { rule: 'maxnumber', field: f, error: err, threshold: -5 },
    { rule: 'mindate', field: f, error: err, threshold: '2026-01-01' },
    { rule: 'maxdate', field: f, error: err, threshold: '2000-01-01' },
    { rule: 'minfilesize', field: f, error: err, threshold: 10 },
    { rule: 'maxfilesize', field: f, error: err, threshold: 0 },
    { rule: 'stepnumber', field: f, error: err, base: 0, interval: 2 },
  ];

  it.each(optionalRules.map((rule) => [rule.rule, rule] as const))(
    '%s passes an optional field left blank',
    (_name, rule) => {
      expect(checkRule(rule, [])).toBe(true);
      expect(checkRule(rule, ['', '  \t\n'])).toBe(true);
      expect(checkRule(rule, [noFile])).toBe(true);
    },
  );

  const required: Rule = { rule: 'required', field: f, error: err };
  const requiredfile: Rule = { rule: 'requiredfile', field: f, error: err };
  it.each<Row>([
    [required, ['x'], true],
    [required, ['', 'a'], true],
    [required, [file('a.pdf')], true],
    [required, [], false],
    [required, ['   '], false],
    [required, ['', ' \t\n', '\u00a0'], false],
    [required, [noFile], false],
    [requiredfile, [file('a.pdf', 1)], true],
    [requiredfile, [noFile, file('a.pdf', 1)], true],
    [requiredfile, [noFile], false],
    [requiredfile, [file('empty.pdf', 0)], false],
    [requiredfile, ['a.pdf'], false],
    [requiredfile, [], false],
  ])('required/requiredfile %# (%j, %j) -> %s', (rule, values, expected) => {
    expect(checkRule(rule, values)).toBe(expected);
  });

  it.each<Row>([
    [email, ['a@b.co'], true],
    [email, ['  a@b.co  '], true], // judged trimmed, as the server stores it
    [email, ['a@b.c'], false],
    [email, ['a@b.co', 'nope'], false],
    [email, [file('a@b.co')], false], // a file where text belongs
    [url, ['example.com'], true],
    [url, ['mailto:info@example.com'], true],
    [url, ['javascript:alert(1)'], false],
    [url, ['localhost'], false],
    [tel, ['+49 30 1234567'], true],
    [tel, ['12345'], false],
    [number, ['-1.5e3'], true],
    [number, ['12abc'], false],
    [date, ['2024-02-29'], true],
    [date, ['2023-02-29'], false],
    [time, ['23:59:59'], true],
    [time, ['24:00'], false],
  ])('format rules %# (%j, %j) -> %s', (rule, values, expected) => {
    expect(checkRule(rule, values)).toBe(expected);
  });

  const step = (base: number, interval: number): Rule => ({
    rule: 'stepnumber',
    field: f,
    error: err,
    base,
    interval,
  });
  it.each<[number, number, string, boolean]>([
    [0, 0.5, '1.5', true],
    [0, 0.5, '1.25', false],
    [0, 0.5, '0', true],
    [0, 0.5, '-0.5', true],
    [0, 0.1, '0.3', true], // 0.3 / 0.1 is 2.9999999999999996 in binary floating point
    [0, 0.1, '0.7', true],
    [0, 0.1, '0.35', false],
    [0.1, 0.2, '0.1', true],
    [0.1, 0.2, '0.3', true],
    [0.1, 0.2, '0.7', true],
    [0.1, 0.2, '0.6', false],
    [0.1, 0.2, '0.2', false],
    [1, 3, '7', true],
    [1, 3, '8', false],
    [1, 3, '1e1', true],
    [0, 0.01, '19.99', true],
    [0, 0.01, '19.999', false],
    [0, 0.5, 'abc', false],
  ])('stepnumber base %s interval %s: %s -> %s', (base, interval, value, expected) => {
    expect(checkRule(step(base, interval), [value])).toBe(expected);
  });

  const minnumber: Rule = { rule: 'minnumber', field: f, error: err, threshold: 10 };
  const maxnumber: Rule = { rule: 'maxnumber', field: f, error: err, threshold: 10 };
  const mindate: Rule = { rule: 'mindate', field: f, error: err, threshold: '2026-06-15' };
  const maxdate: Rule = { rule: 'maxdate', field: f, error: err, threshold: '2026-06-15' };
  it.each<Row>([
    [minnumber, ['10'], true],
    [minnumber, ['1e1'], true],
    [minnumber, ['9.99'], false],
    [minnumber, ['abc'], false],
    [minnumber, ['11', '9'], false],
    [maxnumber, ['10'], true],
    [maxnumber, ['-100'], true],
    [maxnumber, ['10.01'], false],
    [maxnumber, ['abc'], false],
    [mindate, ['2026-06-15'], true],
    [mindate, ['2027-01-01'], true],
    [mindate, ['2026-06-14'], false],
    [mindate, ['2026-02-30'], false],
    [maxdate, ['2026-06-15'], true],
    [maxdate, ['2025-12-31'], true],
    [maxdate, ['2026-06-16'], false],
    [maxdate, ['15.06.2026'], false],
  ])('number and date thresholds %# (%j, %j) -> %s', (rule, values, expected) => {
    expect(checkRule(rule, values)).toBe(expected);
  });

  const minfilesize: Rule = { rule: 'minfilesize', field: f, error: err, threshold: 1000 };
  const maxfilesize: Rule = { rule: 'maxfilesize', field: f, error: err, threshold: 1000 };
  it.each<Row>([
    [minfilesize, [file('a.pdf', 1000)], true],
    [minfilesize, [file('a.pdf', 999)], false],
    [minfilesize, [file('a.pdf', 400), file('b.pdf', 600)], true],
    [minfilesize, [file('a.pdf', 400), file('b.pdf', 599)], false],
    [maxfilesize, [file('a.pdf', 1000)], true],
    [maxfilesize, [file('a.pdf', 1001)], false],
    [maxfilesize, [file('a.pdf', 500), file('b.pdf', 500)], true],
    [maxfilesize, [file('a.pdf', 500), file('b.pdf', 501)], false],
  ])('file sizes %# (%j, %j) -> %s', (rule, values, expected) => {
    expect(checkRule(rule, values)).toBe(expected);
  });

  const minitems: Rule = { rule: 'minitems', field: f, error: err, threshold: 2 };
  const maxitems: Rule = { rule: 'maxitems', field: f, error: err, threshold: 2 };
  it.each<Row>([
    [minitems, ['a', 'b'], true],
    [minitems, ['a', 'b', 'c'], true],
    [minitems, ['a'], false],
    [minitems, ['a', '  '], false],
    [minitems, [], false],
    [maxitems, ['a', 'b'], true],
    [maxitems, ['a', 'b', ''], true],
    [maxitems, ['a', 'b', 'c'], false],
    [maxitems, [file('a.pdf'), file('b.pdf'), file('c.pdf')], false],
  ])('items %# (%j, %j) -> %s', (rule, values, expected) => {
    expect(checkRule(rule, values)).toBe(expected);
  });

  const minlength: Rule = { rule: 'minlength', field: f, error: err, threshold: 5 };
  const maxlength: Rule = { rule: 'maxlength', field: f, error: err, threshold: 5 };
  it.each<Row>([
    [minlength, ['Müßig'], true], // 5 characters with umlaut and ß
    [minlength, ['Grüß'], false],
    [minlength, ['😀😀😀😀😀'], true],
    [minlength, ['😀😀😀😀'], false],
    [minlength, ['ab', 'cde'], true], // total over all values
    [minlength, ['  abcd  '], false], // surrounding blanks do not count
    [maxlength, ['Müßig'], true],
    [maxlength, ['Übermut'], false],
    [maxlength, ['😀😀😀😀😀'], true], // 10 UTF-16 units, still 5 characters
    [maxlength, ['😀😀😀😀😀😀'], false],
    [maxlength, ['äöü', 'ßÄ'], true],
    [maxlength, ['äöü', 'ßÄÖ'], false],
  ])('lengths %# (%j, %j) -> %s', (rule, values, expected) => {
    expect(checkRule(rule, values)).toBe(expected);
  });

  const fileRule: Rule = {
    rule: 'file',
    field: f,
    error: err,
    accept: ['.pdf', 'image/*', 'application/msword'],
  };
  const pdfOnly: Rule = { rule: 'file', field: f, error: err, accept: ['.pdf'] };
  it.each<Row>([
    [fileRule, [file('cv.pdf')], true], // by extension
    [fileRule, [file('CV.PDF')], true], // extension lower-cased
    [fileRule, [file('photo.heic', 10, 'image/heic')], true], // by wildcard
    [fileRule, [file('letter', 10, 'application/msword')], true], // by exact type
    [fileRule, [file('letter', 10, 'Application/MSWord')], true],
    [fileRule, [file('cv.pdf'), file('notes.txt', 10, 'text/plain')], false],
    [fileRule, [file('notes.txt', 10, 'text/plain')], false],
    [fileRule, [file('x.pdf.exe', 10, 'application/x-msdownload')], false],
    [fileRule, [file('pdf')], false],
    [fileRule, [file('x.svg', 10, 'imagesvg')], false],
    [fileRule, ['cv.pdf'], false], // text where a file belongs
    [pdfOnly, [file('x.pdf.exe', 10, 'application/pdf')], false],
    [pdfOnly, [file('report.final.pdf')], true],
    [{ rule: 'file', field: f, error: err, accept: [] }, [file('cv.pdf')], false],
  ])('file %# (%j, %j) -> %s', (rule, values, expected) => {
    expect(checkRule(rule, values)).toBe(expected);
  });

  const colour: Rule = { rule: 'enum', field: f, error: err, accept: ['red', 'green'] };
  const weekdays: Rule = { rule: 'dayofweek', field: f, error: err, accept: [1, 2, 3, 4, 5] };
  const sundays: Rule = { rule: 'dayofweek', field: f, error: err, accept: [7] };
  it.each<Row>([
    [colour, ['red'], true],
    [colour, ['red', 'green'], true],
    [colour, ['Red'], false],
    [colour, ['blue'], false],
    [colour, ['red', 'blue'], false],
    [weekdays, ['2026-11-23'], true], // a Monday
    [weekdays, ['2026-11-27'], true], // Friday
    [weekdays, ['2026-11-28'], false], // Saturday
    [weekdays, ['2026-11-29'], false], // Sunday
    [weekdays, ['2026-11-31'], false],
    [sundays, ['2026-11-29'], true],
    [sundays, ['2026-11-23'], false],
  ])('enum and dayofweek %# (%j, %j) -> %s', (rule, values, expected) => {
    expect(checkRule(rule, values)).toBe(expected);
  });

  it('dayofweek agrees with the calendar for every day across leap years', () => {
    const everyDay: Rule = { rule: 'dayofweek', field: f, error: err, accept: [] };
    for (let time = Date.UTC(1999, 0, 1); time <= Date.UTC(2030, 11, 31); time += 86_400_000) {
      const day = new Date(time);
      const iso = day.toISOString().slice(0, 10);
      const weekday = day.getUTCDay() === 0 ? 7 : day.getUTCDay();
      everyDay.accept = [weekday];
      if (!checkRule(everyDay, [iso])) throw new Error(`${iso} is not weekday ${weekday}`);
    }
  });

  const between: Rule = {
    rule: 'all',
    field: f,
    error: err,
    rules: [
      { rule: 'minlength', field: f, error: 'short', threshold: 3 },
      { rule: 'maxlength', field: f, error: 'long', threshold: 5 },
    ],
  };
  const contact: Rule = { rule: 'any', field: f, error: err, rules: [email, tel] };
  it.each<Row>([
    [between, ['abc'], true],
    [between, ['abcde'], true],
    [between, ['ab'], false],
    [between, ['abcdef'], false],
    [contact, ['a@b.co'], true],
    [contact, ['+49 30 123456'], true],
    [contact, ['nope'], false],
    [{ rule: 'all', field: f, error: err, rules: [] }, ['x'], true],
    [{ rule: 'any', field: f, error: err, rules: [] }, ['x'], false],
  ])('all and any %# (%j, %j) -> %s', (rule, values, expected) => {
    expect(checkRule(rule, values)).toBe(expected);
  });
});

describe('validateForm', () => {
  const rules: Rule[] = [
    { rule: 'required', field: 'name', error: 'Please enter your name.' },
    { rule: 'maxlength', field: 'name', error: 'Name too long.', threshold: 3 },
    { rule: 'required', field: 'email', error: 'Please enter your email.' },
    { rule: 'email', field: 'email', error: 'Invalid email.' },
    { rule: 'maxlength', field: 'email', error: 'Email too long.', threshold: 5 },
    { rule: 'minitems', field: 'topics', error: 'Pick a topic.', threshold: 1 },
  ];

  it.each([
    [
      'the first failing rule per field, in rule order',
      { name: [''], email: ['not-an-email'] },
      undefined,
      [
        { field: 'name', message: 'Please enter your name.' },
        { field: 'email', message: 'Invalid email.' },
        { field: 'topics', message: 'Pick a topic.' },
      ],
    ],
    [
      'a later rule once earlier ones pass',
      { name: ['Anna'], email: ['a@b.co'], topics: ['returns'] },
      undefined,
      [
        { field: 'name', message: 'Name too long.' },
        { field: 'email', message: 'Email too long.' },
      ],
    ],
    [
      'only the fields asked for',
      { name: [''], email: ['not-an-email'] },
      new Set(['email']),
      [{ field: 'email', message: 'Invalid email.' }],
    ],
    ['nothing for an empty selection', {}, new Set<string>(), []],
    [
      'nothing when everything passes',
      { name: ['Bo'], email: [], topics: ['a'] },
      new Set(['name', 'topics']),
      [],
    ],
  ])('returns %s', (_case, values, only, expected) => {
    expect(validateForm(rules, values, only)).toEqual(expected);
  });

  it('treats a field named like an Object.prototype member as missing', () => {
    const constructorRule: Rule = { rule: 'required', field: 'constructor', error: 'Missing.' };
    expect(validateForm([constructorRule], {})).toEqual([
      { field: 'constructor', message: 'Missing.' },
    ]);
  });
});
