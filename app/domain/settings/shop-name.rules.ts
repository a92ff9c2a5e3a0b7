// What the shop's display name may be. Pure, so the form can share it.

/** The name until the owner sets one. */
export const DEFAULT_SHOP_NAME = 'Ladenzeile';
export const SHOP_NAME_MAX = 80;

// Control characters (line breaks included) and the invisible format characters that could
// reorder or hide text in titles, mail headers and search data.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a trimmed name is refused, as a message key of the settings area; null when it fits. */
export function shopNameProblem(name: string): string | null {
  if (name === '') return 'admin.shopSettings.error.required';
  if (CONTROL.test(name)) return 'admin.shopSettings.error.control';
  // Lone surrogates cannot be encoded in a page or a mail.
  if (LONE_SURROGATE.test(name)) return 'admin.shopSettings.error.control';
  if (name.length > SHOP_NAME_MAX) return 'admin.shopSettings.error.too_long';
  return null;
}
