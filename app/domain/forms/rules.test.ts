import { describe, expect, it } from 'vitest';
import {
  checkRule,
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
