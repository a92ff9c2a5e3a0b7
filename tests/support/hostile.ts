/**
 * Values a careless or hostile client sends where the shop expects something else. Every
 * endpoint and page must answer them with a 2xx/3xx or a clear 4xx, never a 5xx
 * (docs/decisions/0009-hostile-input.md).
 */
export type Hostile = {
  label: string;
  /** As JSON sends it; strings also travel in addresses and form fields. */
  value: unknown;
  /** The status every carrier that can transport the value unchanged must answer with. */
  refused?: { url: 400 | 414; json?: 400; form?: 400 };
};

export const TEN_KB = 'x'.repeat(10 * 1024);

export const HOSTILE_VALUES: readonly Hostile[] = [
  { label: 'NUL byte', value: 'a\u0000b', refused: { url: 400, json: 400, form: 400 } },
  { label: 'only a NUL byte', value: '\u0000', refused: { url: 400, json: 400, form: 400 } },
  // A form body cannot carry one: browsers and fetch send U+FFFD instead.
  { label: 'lone surrogate', value: 'x\ud800', refused: { url: 400, json: 400 } },
  { label: '10 kB string', value: TEN_KB, refused: { url: 414 } },
  { label: 'SQL metacharacters', value: "1' OR '1'='1'; DROP TABLE products; --" },
  { label: 'LIKE wildcards and backslash', value: '%_\\%' },
  { label: 'regex metacharacters', value: '.*+?^${}()|[]\\/(?<x>a)\\k<x>' },
  { label: 'markup', value: '"><script>alert(1)</script>' },
  { label: 'line break with a header', value: '/a\r\nSet-Cookie: owned=1' },
  { label: 'huge number as string', value: '1e309' },
  { label: 'negative number as string', value: '-1' },
  { label: 'hex number as string', value: '0x1F' },
  { label: 'unsafe integer', value: 2 ** 64 },
  { label: 'array where a scalar belongs', value: ['1', '2'] },
  { label: 'object where a string belongs', value: { $gt: '', toString: 'x' } },
  { label: 'null', value: null },
  { label: 'boolean', value: true },
];

/** A value as one path segment: percent-encoded, lone surrogates as the bytes they would be. */
export function pathSegment(value: unknown): string {
  return encodeText(typeof value === 'string' ? value : JSON.stringify(value));
}

/** `name=value` query or url-encoded form pairs: arrays repeat the name, objects use `name[key]`. */
export function formPairs(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => formPairs(`${name}[]`, v)).join('&');
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .map(([k, v]) => formPairs(`${name}[${k}]`, v))
      .join('&');
  }
  return `${encodeText(name)}=${encodeText(String(value))}`;
}

/** `encodeURIComponent`, except that a lone surrogate becomes its (invalid) UTF-8 bytes. */
function encodeText(text: string): string {
  return text.replace(/[\s\S]/gu, (ch) => {
    const code = ch.codePointAt(0)!;
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(ch);
  });
}
