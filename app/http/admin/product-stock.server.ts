// A product's stock page (/admin/products/{id}/stock): current stock, its history, quick edit.
// The product list's per-row stock field posts here too.
import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import {
  STOCK_NOTE_MAX,
  quickStockEdit,
  stockHistoryPage,
  stockRows,
} from '#app/domain/catalog/stock.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { MessageArea, TextKey } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { readForm } from '../request.server.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; params: { id?: string }; context: AppLoadContext };

export type StockEditAnswer = {
  message: string;
  status: number;
  /** The row the refused edit was for, and its quantity now (after a 409). */
  productId?: number;
  quantity?: number;
};

const ID = /^[1-9]\d{0,9}$/;
const INTEGER = /^[+-]?\d{1,10}$/;

function productIdOf(raw: string | undefined): number {
  if (!raw || !ID.test(raw) || Number(raw) > 2_147_483_647) pageNotFound();
  return Number(raw);
}

export function stockPagePath(id: number): string {
  return `/admin/products/${id}/stock`;
}

export async function loadProductStock(args: Args, areas: readonly MessageArea[]) {
  const { db, env, locale, t, current } = await staffShop(args);
  const id = productIdOf(args.params.id);
  const found = await stockRows(db, id);
  if (!found) pageNotFound();
  const url = new URL(args.request.url);
  const rawBefore = url.searchParams.get('before');
  const before = rawBefore && /^\d{1,15}$/.test(rawBefore) ? Number(rawBefore) : null;
  const ids = [found.product.id, ...found.variations.map((v) => v.id)];
  const history = await stockHistoryPage(db, ids, before);
  const nameOf = new Map(
    [found.product, ...found.variations].map((r) => [r.id, localize(r.name, locale) || `#${r.id}`]),
  );
  const row = (r: typeof found.product) => ({
    id: r.id,
    name: nameOf.get(r.id)!,
    sku: r.sku,
    type: r.type,
    managed: r.managed,
    quantity: r.quantity,
  });
  const saved = url.searchParams.get('saved');
  return {
    product: row(found.product),
    variations: found.variations.map(row),
    history: history.rows.map((h) => ({
      id: h.id,
      at: h.createdAt.toISOString(),
      product: nameOf.get(h.productId) ?? `#${h.productId}`,
      change: h.change,
      quantityAfter: h.quantityAfter,
      reason: h.reason,
      orderId: h.orderId,
      refundId: h.refundId,
      who: h.actorLabel || t(`admin.audit.channel_${h.actorChannel}` as TextKey),
      note: h.note,
    })),
    next: history.next,
    paged: before !== null,
    saved: saved === '1',
    security: sessionNonce(current, env),
    title: `${t('admin.stock.title', { name: nameOf.get(id)! })} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/** One string field, sent once; anything else (arrays, files) is no value. */
function single(form: FormData, name: string): string | null {
  const all = form.getAll(name);
  return all.length === 1 && typeof all[0] === 'string' ? all[0] : null;
}

/**
 * The quick edit: set the quantity or add to it (a negative number removes), with a note. The
 * form carries the quantity it showed; if an order changed it since, the edit is refused (409)
 * with the figure as it stands now.
 */
export async function handleStockEdit(args: Args) {
  const { db, env, t, current, viewer } = await staffShop(args);
  const id = productIdOf(args.params.id);
  const refuse = (status: number, code: TextKey, extra: Partial<StockEditAnswer> = {}) =>
    data<StockEditAnswer>({ message: t(code), status, ...extra }, { status });
  const read = await readForm(args.request);
  if (!read.ok) return refuse(400, 'admin.stock.error.invalid');
  const form = read.value;
  if (!verifyNonce(current, single(form, 'security'), env)) {
    return refuse(403, 'admin.stock.error.expired');
  }
  const rowRaw = single(form, 'row') ?? String(id);
  const seenRaw = single(form, 'seen');
  const amountRaw = single(form, 'quantity');
  const mode = single(form, 'mode') ?? 'set';
  const note = single(form, 'note') ?? '';
  const back = single(form, 'back');
  if (!ID.test(rowRaw) || Number(rowRaw) > 2_147_483_647) {
    return refuse(400, 'admin.stock.error.invalid');
  }
  const rowId = Number(rowRaw);
  if (seenRaw === null || !INTEGER.test(seenRaw.trim())) {
    return refuse(400, 'admin.stock.error.invalid', { productId: rowId });
  }
  if (amountRaw === null || !INTEGER.test(amountRaw.trim())) {
    return refuse(400, 'admin.stock.error.quantity', { productId: rowId });
  }
  if (mode !== 'set' && mode !== 'add') return refuse(400, 'admin.stock.error.invalid');
  if (note.length > STOCK_NOTE_MAX) {
    return refuse(400, 'admin.stock.error.note', { productId: rowId });
  }
  // The row must be this product or one of its variations.
  const found = await stockRows(db, id);
  if (!found) pageNotFound();
  if (rowId !== id && !found.variations.some((v) => v.id === rowId)) {
    return refuse(404, 'admin.stock.error.unknown');
  }
  const actor: Actor = { channel: 'admin', id: viewer.id, label: viewer.email };
  const result = await quickStockEdit(
    db,
    {
      productId: rowId,
      seen: Number(seenRaw.trim()),
      mode,
      amount: Number(amountRaw.trim()),
      note: note.trim(),
    },
    actor,
  );
  if (!result.ok) {
    const { kind, code, params } = result.error;
    if (kind === 'conflict') {
      return refuse(409, 'admin.stock.error.changed', {
        productId: rowId,
        quantity: Number(params?.quantity),
        message: t('admin.stock.error.changed', { quantity: Number(params?.quantity) }),
      });
    }
    if (kind === 'not_found') return refuse(404, 'admin.stock.error.unknown');
    return refuse(400, code as TextKey, { productId: rowId });
  }
  // From the product list: back to the same list (its filters and page), else this page.
  if (back !== null && /^\/admin\/products(\?[^#\\]*)?$/.test(back) && back.length <= 2000) {
    return redirect(back);
  }
  return redirect(`${stockPagePath(id)}?saved=1`);
}
