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

/**
 * The messages markup of a failed checkout as a list: each item's text and, where the item
 * carries a data-id, the field it is about.
 */
export function readMessages(html: string): ParsedMessage[] {
  if (!html.trim()) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const items = [...doc.querySelectorAll('li')];
  const nodes = items.length ? items : [...doc.querySelectorAll('.woocommerce-error, .notice')];
  return nodes
    .map((node) => ({
      text: (node.textContent ?? '').replace(/\s+/g, ' ').trim(),
      field: node.getAttribute('data-id') || undefined,
    }))
    .filter((m) => m.text !== '');
}
