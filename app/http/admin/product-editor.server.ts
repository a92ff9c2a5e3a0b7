// The product editor (/admin/products/new, /admin/products/{id}): shop managers and administrators.
import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import type { ProductRow } from '#app/domain/catalog/catalog.rules.ts';
import type { FoodData } from '#app/domain/compliance/compliance.types.ts';
import {
  EDITOR_FIELDS,
  EDITOR_LISTS,
  type EditorField,
  type EditorValues,
  controlId,
  parseEditorForm,
} from '#app/domain/catalog/product-editor.rules.ts';
import {
  createEditedProduct,
  editProduct,
  editedProduct,
  editorChoices,
  productVersion,
  safetyGaps,
} from '#app/domain/catalog/product-editor.server.ts';
import { groupedChildIds } from '#app/domain/catalog/grouped-rows.server.ts';
import { shippingClassOptions } from '#app/domain/shipping/shipping-classes.server.ts';
import type { ProductEditorAnswer } from '#app/domain/catalog/product-editor.view.ts';
import type { ProductPatch } from '#app/domain/catalog/product-patch.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import {
  LINK_FIELDS,
  LINK_LISTS,
  type LinkForm,
  parseLinkForm,
} from '#app/domain/catalog/product-links.rules.ts';
import {
  findLinkableProducts,
  linkChoicesById,
  productLinkLists,
  resolveProductRef,
  tagChoices,
} from '#app/domain/catalog/product-links.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { readForm } from '../request.server.ts';
import { EMPTY_FORM, formOf } from './product-editor-form.server.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

export const productEditorPath = (id: number) => `/admin/products/${id}`;

/** The id in the address: "new" is null, anything but a plain number is no page. */
function productIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  if (!/^[1-9]\d{0,8}$/.test(params.id)) pageNotFound();
  return Number(params.id);
}

export async function loadProductEditor(args: Args, areas: readonly MessageArea[]) {
  const { db, env, locale, t, current } = await staffShop(args);
  const id = productIdOf(args.params);
  const found = id === null ? null : await editedProduct(db, id);
  if (id !== null && !found) pageNotFound();
  const name = found ? found.row.name?.[locale] || found.row.name?.de || '' : '';
  const title = found
    ? t('admin.productEditor.edit_title', { name })
    : t('admin.productEditor.new_title');
  return {
    id,
    values: found ? formOf(found.row) : EMPTY_FORM,
    lists: {
      categories: (found?.categoryIds ?? []).map(String),
      allergens: found?.row.food?.allergens ?? [],
    },
    variations: found?.variations ?? 0,
    variable: found?.row.type === 'variable',
    version: found ? productVersion(found.row) : '',
    choices: {
      ...(await editorChoices(db, locale)),
      shippingClasses: await shippingClassOptions(db, locale),
    },
    security: sessionNonce(current, env),
    linked: await linkedOf(db, id, locale),
    safetyGaps: found ? safetyGaps(found.row) : [],
    saved: new URL(args.request.url).searchParams.get('saved') === '1',
    heading: title,
    title: `${title} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/** What was typed, for the form to show again: plain text fields within their limits. */
function echoed(form: FormData): Pick<ProductEditorAnswer, 'values' | 'lists' | 'linked'> {
  const values: Record<string, string> = {};
  for (const name of EDITOR_FIELDS) {
    const all = form.getAll(name);
    const value = all.length === 1 ? all[0] : undefined;
    if (typeof value === 'string' && value.length <= 50_000) values[name] = value;
  }
  const list = (name: string) =>
    form
      .getAll(name)
      .filter((v): v is string => typeof v === 'string' && v.length <= 20)
      .slice(0, 500);
  return {
    values,
    lists: { categories: list('categories'), allergens: list('allergens') },
    linked: {
      upsellIds: list('upsell_ids').slice(0, 100),
      crossSellIds: list('cross_sell_ids').slice(0, 100),
      tagIds: list('tags').slice(0, 100),
      upsellAdd: typedText(form, 'upsell_add'),
      crossSellAdd: typedText(form, 'cross_sell_add'),
      tagsNew: typedText(form, 'tags_new'),
      groupedIds: list('grouped_ids').slice(0, 100),
      groupedAdd: typedText(form, 'grouped_add'),
    },
  };
}

const typedText = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' && v.length <= 2000 ? v : '';
};

function refuse(
  t: Translate,
  status: number,
  errors: { field: string; code: string; params?: Record<string, string | number> }[],
  typed?: Pick<ProductEditorAnswer, 'values' | 'lists' | 'linked'>,
  version?: string,
) {
  const body: ProductEditorAnswer = {
    intent: 'product-editor',
    message: t(errors[0]!.code as TextKey, errors[0]!.params),
    field: errors[0]!.field || undefined,
    errors: errors.map((e) => ({ field: e.field, message: t(e.code as TextKey, e.params) })),
    ...typed,
    version,
  };
  return data(body, { status });
}

/** The domain's refusals, each beside the field it concerns. */
const FIELD_OF_CODE: Record<string, string> = {
  'catalog.error.sku_taken': 'sku',
  'catalog.error.unknown_category': 'categories',
  'catalog.error.unknown_delivery_time': 'delivery_time',
  'catalog.error.unknown_deposit_type': 'deposit_type',
  'catalog.error.unknown_manufacturer': 'manufacturer',
  'catalog.error.unknown_shipping_class': 'shipping_class',
  'catalog.error.has_variations': 'type',
  'catalog.error.name_required': 'name_de',
  'catalog.error.unknown_tag': 'tags_new',
  'catalog.error.tag_name_invalid': 'tags_new',
  'catalog.error.external_url': 'external_url',
  'catalog.error.in_group': 'type',
  'catalog.error.group_self': 'grouped_add',
  'catalog.error.unknown_child': 'grouped_add',
  'catalog.error.child_not_simple': 'grouped_add',
  'catalog.error.too_many_children': 'grouped_add',
};

/** A refused link names the list it is in. */
function fieldOfError(error: { code: string; params?: Record<string, string | number> }) {
  if (error.params?.field === 'upsell_ids') return 'upsell_add';
  if (error.params?.field === 'cross_sell_ids') return 'cross_sell_add';
  if (error.code === 'catalog.error.too_many_links') return 'upsell_add';
  return FIELD_OF_CODE[error.code];
}

/** Food data the form does not show: kept as the import or the REST API set it. */
const HIDDEN_FOOD = [
  'description',
  'distributor',
  'placeOfOrigin',
  'netFillingQuantity',
  'drainedWeight',
] as const;

/** The form's values as the product's columns. */
function patchOf(v: EditorValues, before: ProductRow | null): ProductPatch {
  let food: FoodData | null = null;
  const kept = before?.food ?? null;
  if (v.food || (kept && HIDDEN_FOOD.some((k) => kept[k] !== undefined))) {
    const hidden: Partial<FoodData> = Object.fromEntries(
      HIDDEN_FOOD.filter((k) => kept?.[k] !== undefined).map((k) => [k, kept![k]]),
    );
    food = {
      ...hidden,
      nutrientReference: v.food?.nutrientReference ?? kept?.nutrientReference ?? 'g',
      nutrients: v.food?.nutrients ?? {},
      allergens: v.food?.allergens ?? [],
    };
    if (v.food?.ingredients) food.ingredients = v.food.ingredients;
    if (v.food?.nutriScore) food.nutriScore = v.food.nutriScore;
    if (v.food?.alcoholContent != null) food.alcoholContent = v.food.alcoholContent;
  }
  const grouped = v.type === 'grouped';
  return {
    type: v.type === 'subscription' ? 'simple' : v.type,
    externalUrl: v.externalUrl,
    buttonText: v.buttonText,
    ...(v.publishAt ? { publishAt: v.publishAt } : {}),
    name: v.name,
    shortDescription: v.shortDescription,
    description: v.description,
    ...(v.slug || before ? { slug: v.slug || v.name.de } : {}),
    sku: v.sku,
    gtin: v.gtin,
    // A grouped product has no price of its own: its children's show.
    regularPrice: grouped ? null : v.regularPrice,
    salePrice: grouped ? null : v.salePrice,
    saleFrom: v.saleFrom,
    saleTo: v.saleTo,
    taxClass: v.taxClass,
    manageStock: v.manageStock,
    stockQuantity: v.stockQuantity,
    backorders: v.backorders,
    lowStockAmount: v.lowStockAmount,
    soldIndividually: v.soldIndividually,
    minQuantity: v.minQuantity,
    maxQuantity: v.maxQuantity,
    quantityStep: v.quantityStep,
    weightKg: v.weightKg,
    lengthCm: v.lengthCm,
    widthCm: v.widthCm,
    heightCm: v.heightCm,
    shippingClass: v.shippingClass,
    status: v.status,
    featured: v.featured,
    menuOrder: v.menuOrder,
    unit: v.unit,
    productUnits: v.productUnits,
    unitBase: v.unitBase,
    deliveryTimeId: v.deliveryTimeId,
    depositTypeId: v.depositTypeId,
    depositQuantity: v.depositQuantity,
    manufacturerId: v.manufacturerId,
    responsiblePersonId: v.responsiblePersonId,
    safetyInstructions: v.safetyInstructions,
    defectDescription: v.defectDescription,
    taxInfo: v.taxInfo,
    shippingCostsInfo: v.shippingCostsInfo,
    digital: v.digital,
    subscription: v.subscription,
    food,
    powerSupply: v.powerSupply,
    categoryIds: v.categoryIds,
  };
}

/**
 * Saves the editor's form: every field judged at once, nothing saved unless all are valid,
 * then post, redirect, get. `intent=preview` sends the form back with its texts shown.
 */
export async function handleProductEditorForm(args: Args) {
  const { db, env, t, current, viewer } = await staffShop(args);
  const id = productIdOf(args.params);
  const read = await readForm(args.request);
  if (!read.ok)
    return refuse(t, 400, [{ field: '', code: read.error.code, params: read.error.params }]);
  const form = read.value;
  const security = form.getAll('security');
  if (security.length !== 1 || !verifyNonce(current, security[0], env)) {
    return refuse(t, 403, [{ field: '', code: 'admin.productEditor.error.expired' }], echoed(form));
  }
  const fields: Partial<Record<EditorField, string>> = {};
  const errors: { field: string; code: string }[] = [];
  for (const name of [...EDITOR_FIELDS, 'version', 'intent'] as const) {
    const all = form.getAll(name);
    if (all.length > 1 || all.some((v) => typeof v !== 'string')) {
      errors.push({ field: controlId(name), code: 'admin.productEditor.error.invalid' });
    } else if (typeof all[0] === 'string' && name !== 'version' && name !== 'intent') {
      fields[name] = all[0];
    }
  }
  const known = new Set<string>([
    ...EDITOR_FIELDS,
    ...EDITOR_LISTS,
    ...LINK_LISTS,
    ...LINK_FIELDS,
    'version',
    'intent',
    'security',
  ]);
  const stranger = [...form.keys()].find((name) => !known.has(name));
  if (stranger !== undefined) {
    errors.push({ field: '', code: 'admin.productEditor.error.unknown_field' });
  }
  const lists = {
    categories: form.getAll('categories').filter((v) => typeof v === 'string'),
    allergens: form.getAll('allergens').filter((v) => typeof v === 'string'),
  };
  if (lists.categories.length > 500 || lists.allergens.length > 50) {
    errors.push({ field: controlId('categories'), code: 'admin.productEditor.error.invalid' });
  }
  const parsed = parseEditorForm(fields, lists);
  if (!parsed.ok) errors.push(...parsed.errors);
  const linkForm = parseLinkForm(form);
  const links = linkForm.ok ? await linkPatch(db, linkForm.value, id) : null;
  if (!linkForm.ok) {
    errors.push(...linkForm.errors.map((e) => ({ ...e, field: controlId(e.field) })));
  } else if (!links!.ok) {
    errors.push(...links!.errors);
  }
  if (form.get('intent') === 'preview' && errors.length === 0) {
    const body: ProductEditorAnswer = {
      intent: 'product-editor',
      message: '',
      errors: [],
      ...echoed(form),
      preview: true,
      version: typeof form.get('version') === 'string' ? String(form.get('version')) : undefined,
    };
    return data(body);
  }
  if (parsed.ok && parsed.value.shippingClass) {
    const classes = await shippingClassOptions(db, 'de');
    if (!classes.some((c) => c.value === parsed.value.shippingClass)) {
      errors.push({
        field: controlId('shipping_class'),
        code: 'catalog.error.unknown_shipping_class',
      });
    }
  }
  if (errors.length > 0 || !parsed.ok) return refuse(t, 400, errors, echoed(form));
  const actor: Actor = { channel: 'admin', id: viewer.id, label: viewer.email };
  const values = parsed.value;
  if (id === null) {
    const created = await createEditedProduct(
      db,
      values.type === 'subscription' ? 'simple' : values.type,
      { ...patchOf(values, null), ...linksOf(links, values.type) },
      actor,
    );
    if (!created.ok) return domainRefusal(t, created.error, form);
    return redirect(`${productEditorPath(created.value.id)}?saved=1`);
  }
  const found = await editedProduct(db, id);
  if (!found) pageNotFound();
  const version = String(form.get('version') ?? '');
  const saved = await editProduct(
    db,
    id,
    { ...patchOf(values, found.row), ...linksOf(links, values.type) },
    version,
    actor,
  );
  if (!saved.ok) {
    if (saved.error.kind === 'conflict') {
      const now = await editedProduct(db, id);
      return refuse(
        t,
        409,
        [{ field: '', code: 'admin.productEditor.error.conflict' }],
        echoed(form),
        now ? productVersion(now.row) : undefined,
      );
    }
    if (saved.error.kind === 'not_found') pageNotFound();
    return domainRefusal(t, saved.error, form);
  }
  return redirect(`${productEditorPath(id)}?saved=1`);
}

/** The lists saved with the product: children only for a grouped product (else none). */
function linksOf(
  links: Awaited<ReturnType<typeof linkPatch>> | null,
  type: EditorValues['type'],
): ProductPatch {
  if (!links?.ok) return {};
  return { ...links.value, groupedIds: type === 'grouped' ? (links.value.groupedIds ?? []) : [] };
}

function domainRefusal(
  t: Translate,
  error: { code: string; params?: Record<string, string | number> },
  form: FormData,
) {
  const field = fieldOfError(error);
  return refuse(
    t,
    400,
    [{ field: field ? controlId(field) : '', code: error.code, params: error.params }],
    echoed(form),
  );
}

// ---- Linked products and tags ----

/** What the editor's "Linked products" section shows and offers. */
async function linkedOf(db: Tx, id: number | null, locale: Locale) {
  const lists = id === null ? undefined : (await productLinkLists(db, [id])).get(id);
  const groupedIds = await groupedChildIds(db, id === null ? [] : [id]);
  const ids = [
    ...(lists?.upsellIds ?? []),
    ...(lists?.crossSellIds ?? []),
    ...(groupedIds.get(id ?? 0) ?? []),
  ];
  return {
    groupedIds: (groupedIds.get(id ?? 0) ?? []).map(String),
    upsellIds: (lists?.upsellIds ?? []).map(String),
    crossSellIds: (lists?.crossSellIds ?? []).map(String),
    tagIds: (lists?.tags ?? []).map((t) => String(t.id)),
    // Names of the products already linked, and of those a refused form may name again.
    known: await linkChoicesById(db, ids, locale),
    // The list the add fields suggest from; the server finds any other product by name or SKU.
    offered: await findLinkableProducts(db, '', locale, id, 300),
    tags: await tagChoices(db, locale),
  };
}

/** The form's lists, with the products typed to add found; refusals beside their field. */
async function linkPatch(
  db: Tx,
  form: LinkForm,
  self: number | null,
): Promise<
  | { ok: true; value: ProductPatch }
  | { ok: false; errors: { field: string; code: string; params?: Record<string, string> }[] }
> {
  const errors: { field: string; code: string; params?: Record<string, string> }[] = [];
  const add = async (text: string, list: number[], field: string) => {
    if (!text) return list;
    const found = await resolveProductRef(db, text);
    if (found === null) {
      errors.push({
        field: controlId(field),
        code: 'admin.productLinks.error.not_found',
        params: { text: text.slice(0, 100) },
      });
      return list;
    }
    if (found === self) {
      const code = field === 'grouped_add' ? 'catalog.error.group_self' : 'catalog.error.self_link';
      errors.push({ field: controlId(field), code });
      return list;
    }
    return list.includes(found) ? list : [...list, found];
  };
  const upsellIds = await add(form.upsellAdd, form.upsellIds, 'upsell_add');
  const crossSellIds = await add(form.crossSellAdd, form.crossSellIds, 'cross_sell_add');
  const groupedIds = await add(form.groupedAdd, form.groupedIds, 'grouped_add');
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { upsellIds, crossSellIds, tagIds: form.tagIds, tagNames: form.tagNames, groupedIds },
  };
}
