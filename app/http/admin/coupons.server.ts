// The back office's coupons: the list (/admin/coupons), the editor (/admin/coupons/new and
// /admin/coupons/{id}) and the delete confirmation (/admin/coupons/{id}/delete).
import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import {
  EMPTY_COUPON,
  type FieldProblem,
  FORM_FIELD_OF,
  couponFormLists,
  couponFormValues,
  parseAdminCouponQuery,
  parseCouponForm,
} from '#app/domain/coupons/admin-coupons.rules.ts';
import {
  adminCouponPage,
  categoryChoices,
  createCoupon,
  deleteCoupon,
  fieldsOf,
  findCoupon,
  isExpired,
  productLabels,
  updateCoupon,
} from '#app/domain/coupons/admin-coupons.server.ts';
import {
  COUPON_FORM_FIELDS,
  COUPON_FORM_LISTS,
  type CouponEditorAnswer,
  type CouponFormField,
  type CouponFormList,
  couponControlId,
} from '#app/domain/coupons/admin-coupons.view.ts';
import { ordersWithCoupon } from '#app/domain/orders/coupon-orders.server.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { readForm } from '../request.server.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

const DONE = ['created', 'saved', 'deleted'] as const;

const FIELD_ORDER: string[] = [
  ...COUPON_FORM_FIELDS.slice(0, COUPON_FORM_FIELDS.indexOf('exclude_product_ids') + 1),
  ...COUPON_FORM_LISTS,
  ...COUPON_FORM_FIELDS.slice(COUPON_FORM_FIELDS.indexOf('exclude_product_ids') + 1),
];

export async function loadCouponList(args: Args, areas: readonly MessageArea[]) {
  const { db, locale, t } = await staffShop(args);
  const params = new URL(args.request.url).searchParams;
  const query = parseAdminCouponQuery(params);
  const done = params.get('done');
  return {
    query,
    page: await adminCouponPage(db, query),
    done: DONE.find((d) => d === done) ?? null,
    title: `${t('admin.coupons.title')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/** The id in the address: "new" is null, anything but a plain number is no page. */
function couponIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  if (!/^[1-9]\d{0,8}$/.test(params.id)) pageNotFound();
  return Number(params.id);
}

async function staffCoupon(args: Args) {
  const ctx = await staffShop(args);
  const id = couponIdOf(args.params);
  const coupon = id === null ? null : await findCoupon(ctx.db, id);
  if (id !== null && !coupon) pageNotFound();
  const actor: Actor = { channel: 'admin', id: ctx.viewer.id, label: ctx.viewer.email };
  return { ...ctx, id, coupon, actor };
}

export async function loadCouponEditor(args: Args, areas: readonly MessageArea[]) {
  const { db, env, locale, t, current, id, coupon } = await staffCoupon(args);
  const fields = coupon ? fieldsOf(coupon) : EMPTY_COUPON;
  const heading = coupon
    ? t('admin.coupons.edit_title', { code: coupon.code })
    : t('admin.coupons.new_title');
  const [categories, products, used] = await Promise.all([
    categoryChoices(db, locale),
    productLabels(db, [...fields.productIds, ...fields.excludedProductIds], locale),
    id === null ? null : ordersWithCoupon(db, id),
  ]);
  const done = new URL(args.request.url).searchParams.get('done');
  return {
    id,
    values: couponFormValues(fields),
    lists: couponFormLists(fields),
    categories,
    products,
    usage: coupon
      ? {
          count: coupon.usageCount,
          limit: coupon.usageLimit,
          expired: isExpired(coupon, new Date()),
          // The status in words: the order messages are not sent to this page.
          orders: used!.rows.map((o) => ({
            ...o,
            status: t(`order.status.${o.status}` as TextKey),
          })),
          ordersTotal: used!.total,
        }
      : null,
    done: DONE.find((d) => d === done) ?? null,
    security: sessionNonce(current, env),
    heading,
    title: `${heading} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/** What was typed, for the form to show again: single text fields within their limits. */
function echoed(form: FormData): Pick<CouponEditorAnswer, 'values' | 'lists'> {
  const values: Record<string, string> = {};
  for (const name of COUPON_FORM_FIELDS) {
    const all = form.getAll(name);
    const value = all.length === 1 ? all[0] : undefined;
    if (typeof value === 'string' && value.length <= 5000) values[name] = value;
  }
  const lists: Record<string, string[]> = {};
  for (const name of COUPON_FORM_LISTS) {
    lists[name] = form
      .getAll(name)
      .filter((v): v is string => typeof v === 'string' && v.length <= 12)
      .slice(0, 500);
  }
  return { values, lists };
}

function refuse(
  t: Translate,
  status: number,
  problems: FieldProblem[],
  typed?: Pick<CouponEditorAnswer, 'values' | 'lists'>,
  intent = 'coupon-editor',
) {
  // The summary lists the problems in the order of the form's fields.
  const order = (field: string) => {
    const at = FIELD_ORDER.indexOf(FORM_FIELD_OF[field] ?? field);
    return at === -1 ? FIELD_ORDER.length : at;
  };
  const sorted = [...problems].sort((a, b) => order(a.field) - order(b.field));
  const errors = sorted.map((p) => ({
    field: p.field ? couponControlId(FORM_FIELD_OF[p.field] ?? p.field) : '',
    message: t(p.code as TextKey, p.params),
  }));
  const body: CouponEditorAnswer = {
    intent,
    message: errors[0]!.message,
    field: errors[0]!.field || undefined,
    errors,
    ...typed,
  };
  return data(body, { status });
}

/** The editor's post: the whole form, judged at once, then saved and logged. */
export async function handleCouponEditor(args: Args) {
  const { db, env, t, current, id, actor } = await staffCoupon(args);
  const read = await readForm(args.request);
  if (!read.ok) {
    return refuse(t, 400, [{ field: '', code: read.error.code, params: read.error.params }]);
  }
  const form = read.value;
  const typed = echoed(form);
  const single = (name: string) => {
    const all = form.getAll(name);
    return all.length === 1 && typeof all[0] === 'string' ? all[0] : undefined;
  };
  if (!verifyNonce(current, single('security'), env)) {
    return refuse(t, 403, [{ field: '', code: 'admin.coupons.error.expired' }], typed);
  }
  const fields: Partial<Record<CouponFormField, string>> = {};
  for (const name of COUPON_FORM_FIELDS) {
    const value = single(name);
    // Unticked boxes are not sent at all.
    const box = ['free_shipping', 'individual_use', 'exclude_sale_items'].includes(name);
    fields[name] = value ?? (box && form.getAll(name).length === 0 ? '' : undefined);
  }
  const lists = {} as Record<CouponFormList, string[] | null>;
  for (const name of COUPON_FORM_LISTS) {
    const all = form.getAll(name);
    lists[name] = all.every((v) => typeof v === 'string') ? (all as string[]) : null;
  }
  const parsed = parseCouponForm(fields, lists);
  if (!parsed.ok) return refuse(t, 400, parsed.problems, typed);
  const saved =
    id === null
      ? await createCoupon(db, parsed.value, actor)
      : await updateCoupon(db, id, () => parsed.value, actor);
  if (!saved) pageNotFound();
  if (!saved.ok) {
    return refuse(t, saved.refusal.kind === 'conflict' ? 409 : 400, saved.refusal.problems, typed);
  }
  return redirect(`/admin/coupons/${saved.value.id}?done=${id === null ? 'created' : 'saved'}`);
}

export async function loadCouponDelete(args: Args, areas: readonly MessageArea[]) {
  const { env, locale, t, current, coupon } = await staffCoupon(args);
  if (!coupon) pageNotFound();
  const heading = t('admin.coupons.delete_title', { code: coupon.code });
  return {
    coupon: { id: coupon.id, code: coupon.code, usageCount: coupon.usageCount },
    security: sessionNonce(current, env),
    heading,
    title: `${heading} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/** Deleting, after the confirmation page: the ticked box and the session's token. */
export async function handleCouponDelete(args: Args) {
  const { db, env, t, current, coupon, actor } = await staffCoupon(args);
  if (!coupon) pageNotFound();
  const read = await readForm(args.request);
  if (!read.ok) {
    return refuse(
      t,
      400,
      [{ field: '', code: read.error.code, params: read.error.params }],
      undefined,
      'delete',
    );
  }
  if (!verifyNonce(current, read.value.get('security'), env)) {
    return refuse(
      t,
      403,
      [{ field: '', code: 'admin.coupons.error.expired' }],
      undefined,
      'delete',
    );
  }
  if (read.value.get('confirm') !== 'yes') {
    return refuse(
      t,
      400,
      [{ field: 'confirm', code: 'admin.coupons.error.confirm' }],
      undefined,
      'delete',
    );
  }
  const deleted = await deleteCoupon(db, coupon.id, actor);
  if (!deleted.ok) pageNotFound();
  return redirect('/admin/coupons?done=deleted');
}
