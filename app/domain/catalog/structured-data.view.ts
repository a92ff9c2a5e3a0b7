// schema.org structured data (JSON-LD) as the pages hand it to their `<script>` element.

export type StructuredData = { [key: string]: JsonValue };
type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The text of a `<script type="application/ld+json">` element. JSON itself is not safe inside
 * HTML: `</script>` or `<!--` in a product name would end or derail the element, so the
 * characters that can start markup are written as JSON escapes (which parse back to the same
 * string), as are the two line separators older parsers treat as line ends.
 */
export function jsonLdText(data: StructuredData | StructuredData[]): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (ch) => UNSAFE_IN_SCRIPT[ch]!);
}
