import { describe, expect, it } from 'vitest';
import {
  MAX_QUERY_LENGTH,
  MAX_WORDS,
  correctedQuery,
  longEnoughToSuggest,
  parseQuery,
  tsQueries,
} from './search.rules.ts';

describe('parseQuery', () => {
  it.each([
    ['Espresso', { text: 'espresso', words: ['espresso'] }],
    ['  Rote   Turnschuhe ', { text: 'rote turnschuhe', words: ['rote', 'turnschuhe'] }],
    ['LZ-KAF-ESP', { text: 'lz-kaf-esp', words: ['lz', 'kaf', 'esp'] }],
    ['Größe Übergröße', { text: 'größe übergröße', words: ['größe', 'übergröße'] }],
    ["tea & 'coffee' | !(x):*", { text: "tea & 'coffee' | !(x):*", words: ['tea', 'coffee', 'x'] }],
    ['a\u0000b', { text: 'a b', words: ['a', 'b'] }],
    ['kaffee kaffee', { text: 'kaffee kaffee', words: ['kaffee'] }],
  ])('%j', (input, expected) => {
    expect(parseQuery(input)).toEqual(expected);
  });

  it.each([
    ['empty', ''],
    ['whitespace', ' \t\n '],
    ['only operators', `&|!():*'"\\`],
    ['a NUL byte alone', '\u0000'],
    ['too long', 'x'.repeat(MAX_QUERY_LENGTH + 1)],
    ['10 kB', 'espresso '.repeat(1200)],
    ['not a string', ['espresso']],
    ['a number', 42],
    ['undefined', undefined],
  ])('%s finds nothing', (_name, input) => {
    expect(parseQuery(input)).toBeNull();
  });

  it('keeps at most a few words of limited length', () => {
    const parsed = parseQuery(
      Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ') + ' ' + 'y'.repeat(60),
    );
    expect(parsed!.words).toHaveLength(MAX_WORDS);
    expect(parseQuery('z'.repeat(60))!.words[0]).toHaveLength(40);
  });

  it('repairs lone surrogates instead of sending invalid text to the database', () => {
    expect(parseQuery('kaffee\ud800')!.text).toBe('kaffee\ufffd');
  });
});

describe('tsQueries', () => {
  it('joins the words as prefixes that must all match, in names too, and whole for ranking', () => {
    expect(tsQueries(['rote', 'turnsch'])).toEqual({
      find: 'rote:* & turnsch:*',
      names: 'rote:*A & turnsch:*A',
      rank: 'rote & turnsch',
    });
  });

  it('lets a mistyped word match any spelling the catalog knows for it', () => {
    const spellings = new Map([['espreso', ['espresso', 'espressi']]]);
    expect(tsQueries(['espreso', 'bohne'], spellings)).toEqual({
      find: '(espreso:* | espresso:* | espressi:*) & bohne:*',
      names: '(espreso:*A | espresso:*A | espressi:*A) & bohne:*A',
      rank: '(espreso | espresso | espressi) & bohne',
    });
  });
});

describe('longEnoughToSuggest', () => {
  it.each([
    ['ab', false],
    ['  ab  ', false],
    ['abc', true],
    ['äöü', true],
  ])('%j -> %s', (input, expected) => {
    expect(longEnoughToSuggest(input)).toBe(expected);
  });
});

describe('correctedQuery', () => {
  it('replaces corrected words and keeps the others', () => {
    expect(correctedQuery(['rote', 'espreso'], new Map([['espreso', 'espresso']]))).toBe(
      'rote espresso',
    );
  });
  it('is null when nothing changed', () => {
    expect(correctedQuery(['espresso'], new Map([['espresso', 'espresso']]))).toBeNull();
    expect(correctedQuery(['espresso'], new Map())).toBeNull();
  });
});
