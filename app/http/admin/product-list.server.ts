import { redirect } from 'react-router';
import { adminProductOptions, adminProductPage } from '#app/domain/catalog/product-admin.server.ts';
import {
  parseAdminProductQuery,
  parseBulkProductForm,
} from '#app/domain/catalog/product-admin.rules.ts';
import {
  BULK_PRODUCT_ACTIONS,
  BULK_PRODUCT_ERRORS,
  type BulkProductAction,
  type BulkProductError,
  adminProductsHref,
} from '#app/domain/catalog/product-admin.view.ts';
import { bulkEditProducts } from '#app/domain/catalog/product-bulk.server.ts';
import { adminProductMatches } from '#app/domain/search/admin-search.server.ts';
import type { MessageArea } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { readForm } from '../request.server.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0];

export type ProductBulkNotice =
  | { kind: 'done'; action: BulkProductAction; count: number; skipped: number }
  | { kind: 'error'; code: BulkProductError };

/** The outcome of a bulk change, read back from the address the action redirected to. */
function bulkNotice(params: URLSearchParams): ProductBulkNotice | null {
  const error = params.get('bulk_error');
  if (error) {
    const code = BULK_PRODUCT_ERRORS.find((e) => e === error);
    return code ? { kind: 'error', code } : null;
  }
  const action = BULK_PRODUCT_ACTIONS.find((a) => a === params.get('bulk_done'));
  const count = /^\d{1,4}$/.exec(params.get('bulk_count') ?? '')?.[0];
  if (!action || count === undefined) return null;
  const skipped = Number(/^\d{1,4}$/.exec(params.get('bulk_skipped') ?? '')?.[0] ?? 0);
  return { kind: 'done', action, count: Number(count), skipped };
}

/** The product list: one keyset page for the URL's search, filters and sort. */
export async function loadProductList(args: Args, areas: readonly MessageArea[]) {
  const { db, env, current, locale, t } = await staffShop(args);
  const params = new URL(args.request.url).searchParams;
  const query = parseAdminProductQuery(params);
  const [page, options] = await Promise.all([
    adminProductPage(db, { query, locale, matching: adminProductMatches(query.search) }),
    adminProductOptions(db, locale),
  ]);
  return {
    query,
    page,
    options,
    notice: bulkNotice(params),
    security: sessionNonce(current, env),
    title: `${t('admin.products.title')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/**
 * The bulk form: one change for the ticked products, the staff member as the audit's actor.
 * Answered by going back to the same list with the outcome in the address.
 */
export async function handleBulkProducts(args: Args) {
  const { db, env, current, viewer } = await staffShop(args);
  const query = parseAdminProductQuery(new URL(args.request.url).searchParams);
  const back = (notice: Record<string, string>) => {
    const url = new URL(adminProductsHref(query), 'http://shop.invalid');
    for (const [name, value] of Object.entries(notice)) url.searchParams.set(name, value);
    return redirect(`${url.pathname}${url.search}`);
  };
  const read = await readForm(args.request);
  if (!read.ok) return back({ bulk_error: 'invalid_value' });
  if (!verifyNonce(current, read.value.get('security'), env))
    return back({ bulk_error: 'expired' });
  const form = parseBulkProductForm(read.value);
  if (!form.ok) return back({ bulk_error: form.error });
  if (form.ids.length === 0) return back({ bulk_error: 'none_selected' });
  const outcome = await bulkEditProducts(db, form.ids, form.edit, {
    channel: 'admin',
    id: viewer.id,
    label: viewer.email,
  });
  if (!outcome.ok) return back({ bulk_error: outcome.error });
  return back({
    bulk_done: form.edit.action,
    bulk_count: String(outcome.changed),
    bulk_skipped: String(outcome.skipped),
  });
}
