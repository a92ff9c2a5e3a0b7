/** Reading the classic checkout's answers in the browser (spec sections 7 and 8). */

export type CheckoutAnswer = {
  result?: 'success' | 'failure';
  redirect?: string;
  reload?: boolean;
  refresh?: boolean;
  messages?: string;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The checkout call's JSON; a body with something before or after it (a notice a plugin
 * printed, say) is repaired by taking the JSON object that begins with the result field.
 * Null when nothing usable is there.
 */
export function readCheckoutAnswer(raw: string): CheckoutAnswer | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    return isObject(parsed) ? (parsed as CheckoutAnswer) : null;
  } catch {
    const found = /\{"result.*\}/s.exec(raw);
    if (!found) {
      console.error('Unable to fix malformed JSON');
      return null;
    }
    try {
      const parsed: unknown = JSON.parse(found[0]);
      return isObject(parsed) ? (parsed as CheckoutAnswer) : null;
    } catch {
      console.error('Unable to fix malformed JSON');
      return null;
    }
  }
}

export type ParsedMessage = { text: string; field?: string };

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The messages markup of a failed checkout as a list: each item's text and, where the item
 * carries a data-id, the field it is about.
 */
export function readMessages(html: string): ParsedMessage[] {
  const items = [...html.matchAll(/<li\b([^>]*)>([\s\S]*?)<\/li>/g)];
  if (items.length === 0) {
    const text = plain(html);
    return text ? [{ text }] : [];
  }
  return items
    .map(([, attributes = '', inner = '']) => ({
      text: plain(inner),
      field: /data-id="([^"]*)"/.exec(attributes)?.[1] || undefined,
    }))
    .filter((m) => m.text !== '');
}
