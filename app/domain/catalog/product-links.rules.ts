// Tag names as a person or a file gives them: trimmed, short, without control characters.
export const TAG_NAME_MAX = 100;

/** The name to keep, or null when it is empty, too long or holds control characters. */
export function cleanTagName(raw: string): string | null {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name || name.length > TAG_NAME_MAX) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return null;
  return name;
}

/** A comma-separated list of tag names (the editor's field, the CSV's column). */
export const splitTagNames = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The editor's controls for links and tags: lists of ticked boxes, and the fields to add. */
export const LINK_LISTS = ['upsell_ids', 'cross_sell_ids', 'tags', 'grouped_ids'] as const;
export const LINK_FIELDS = ['upsell_add', 'cross_sell_add', 'tags_new', 'grouped_add'] as const;

export type LinkForm = {
  upsellIds: number[];
  crossSellIds: number[];
  tagIds: number[];
  tagNames: string[];
  upsellAdd: string;
  crossSellAdd: string;
  /** A grouped product's children in the order listed, and the one typed to add. */
  groupedIds: number[];
  groupedAdd: string;
};

const ID = /^[1-9]\d{0,8}$/;

/** Reads the editor's link controls; every refusal names its control's field. */
export function parseLinkForm(
  form: FormData,
): { ok: true; value: LinkForm } | { ok: false; errors: { field: string; code: string }[] } {
  const errors: { field: string; code: string }[] = [];
  const ids = (name: (typeof LINK_LISTS)[number], field: string) => {
    const all = form.getAll(name);
    if (all.length > 100 || all.some((v) => typeof v !== 'string' || !ID.test(v))) {
      errors.push({ field, code: 'admin.productLinks.error.invalid' });
      return [];
    }
    return [...new Set(all.map(Number))];
  };
  const single = (name: (typeof LINK_FIELDS)[number]) => {
    const all = form.getAll(name);
    if (all.length > 1 || all.some((v) => typeof v !== 'string' || v.length > 2000)) {
      errors.push({ field: name, code: 'admin.productLinks.error.invalid' });
      return '';
    }
    return typeof all[0] === 'string' ? all[0].trim() : '';
  };
  const upsellIds = ids('upsell_ids', 'upsell_add');
  const crossSellIds = ids('cross_sell_ids', 'cross_sell_add');
  const tagIds = ids('tags', 'tags_new');
  const groupedIds = ids('grouped_ids', 'grouped_add');
  const groupedAdd = single('grouped_add');
  const upsellAdd = single('upsell_add');
  const crossSellAdd = single('cross_sell_add');
  const tagNames = splitTagNames(single('tags_new'));
  if (tagNames.length > 100 || tagNames.some((n) => cleanTagName(n) === null)) {
    errors.push({ field: 'tags_new', code: 'catalog.error.tag_name_invalid' });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      upsellIds,
      crossSellIds,
      tagIds,
      tagNames,
      upsellAdd,
      crossSellAdd,
      groupedIds,
      groupedAdd,
    },
  };
}
