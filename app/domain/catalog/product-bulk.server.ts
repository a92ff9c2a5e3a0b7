// One bulk change of the back office's product list: prices, stock, categories, status,
// delivery time or tax class of the ticked products, in one transaction.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import { deliveryTimes } from '#app/domain/compliance/compliance.schema.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { categories, productCategories, products } from './catalog.schema.ts';
import { recordPrices } from './price-history.server.ts';
import { recordStockSet } from './stock.server.ts';
import { changedPrice, saleBelowRegular } from './product-admin.rules.ts';
import type { BulkProductEdit } from './product-admin.view.ts';

type ProductRow = typeof products.$inferSelect;
type Fields = Record<string, unknown>;

export type BulkProductOutcome =
  | { ok: true; changed: number; skipped: number }
  | { ok: false; error: 'unknown_category' | 'unknown_delivery_time' };

/** The price columns of one row after the change, or a refusal, or null when nothing changes. */
type PriceResult = { regularPrice: number | null; salePrice: number | null } | 'refused' | null;

function priceAfter(
  edit: Extract<BulkProductEdit, { action: 'regular_price' | 'sale_price' }>,
  regular: number | null,
  sale: number | null,
): PriceResult {
  let nextRegular = regular;
  let nextSale = sale;
  if (edit.action === 'regular_price') {
    nextRegular = changedPrice(regular, edit.change, edit.amount, edit.percent);
  } else {
    // A cut of a sale price not set yet starts from the regular price: "20 % off".
    const base = sale === null && edit.change === 'lower' ? regular : sale;
    nextSale = changedPrice(base, edit.change, edit.amount, edit.percent);
  }
  if (nextRegular === regular && nextSale === sale) return null;
  if (!saleBelowRegular(nextRegular, nextSale)) return 'refused';
  return { regularPrice: nextRegular, salePrice: nextSale };
}

function stockColumns(row: Pick<ProductRow, 'backorders'>, quantity: number) {
  const status =
    quantity > 0
      ? ('instock' as const)
      : row.backorders === 'notify' || row.backorders === 'yes'
        ? ('onbackorder' as const)
        : ('outofstock' as const);
  return { manageStock: true, stockQuantity: quantity, stockStatus: status };
}

/**
 * Applies one change to the ticked top-level products (ids of variations or of nothing are
 * ignored). Prices and stock of a variable product change on each of its variations; a price
 * whose sale price would no longer be below the regular one is refused and left as it was.
 * Price history is recorded for every changed price (the 30-day lowest price stays right) and
 * each changed product gets one audit entry with its values before and after.
 */
export async function bulkEditProducts(
  db: Tx,
  ids: readonly number[],
  edit: BulkProductEdit,
  actor: Actor,
  now = new Date(),
): Promise<BulkProductOutcome> {
  return db.transaction(async (tx) => {
    if (edit.action === 'category_add' || edit.action === 'category_remove') {
      const [known] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, edit.categoryId));
      if (!known) return { ok: false, error: 'unknown_category' };
    }
    if (edit.action === 'delivery_time' && edit.deliveryTimeId !== null) {
      const [known] = await tx
        .select({ id: deliveryTimes.id })
        .from(deliveryTimes)
        .where(eq(deliveryTimes.id, edit.deliveryTimeId));
      if (!known) return { ok: false, error: 'unknown_delivery_time' };
    }
    if (ids.length === 0) return { ok: true, changed: 0, skipped: 0 };
    // Locked in id order, so two bulk changes over the same products wait rather than deadlock.
    const targets = await tx
      .select()
      .from(products)
      .where(and(inArray(products.id, [...ids]), isNull(products.parentId)))
      .orderBy(products.id)
      .for('update');
    const variable = targets.filter((p) => p.type === 'variable').map((p) => p.id);
    const variations =
      variable.length && (edit.action.endsWith('price') || edit.action === 'stock')
        ? await tx
            .select()
            .from(products)
            .where(inArray(products.parentId, variable))
            .orderBy(products.id)
            .for('update')
        : [];
    const priced: number[] = [];
    let changed = 0;
    let skipped = 0;
    for (const product of targets) {
      const result = await editOne(tx, product, variations, edit, now, actor);
      if (result.refused) skipped++;
      if (!result.before) continue;
      changed++;
      priced.push(...result.priced);
      await recordChange(tx, actor, {
        entity: 'product',
        entityId: product.id,
        action: `bulk_${edit.action}`,
        before: result.before,
        after: result.after,
      });
    }
    await recordPrices(tx, priced, now);
    return { ok: true, changed, skipped };
  });
}

type EditResult = {
  before: Fields | null;
  after: Fields | null;
  priced: number[];
  refused: boolean;
};

async function editOne(
  tx: Tx,
  product: ProductRow,
  variations: ProductRow[],
  edit: BulkProductEdit,
  now: Date,
  actor: Actor,
): Promise<EditResult> {
  const none: EditResult = { before: null, after: null, priced: [], refused: false };
  const set = async (id: number, values: Partial<ProductRow>) =>
    tx
      .update(products)
      .set({ ...values, updatedAt: now })
      .where(eq(products.id, id));
  switch (edit.action) {
    case 'regular_price':
    case 'sale_price':
    case 'stock': {
      // A variable product's price and stock live on its variations.
      const rows =
        product.type === 'variable'
          ? variations.filter((v) => v.parentId === product.id)
          : [product];
      const before: Fields = {};
      const after: Fields = {};
      const priced: number[] = [];
      let refused = false;
      for (const row of rows) {
        const label = row.id === product.id ? '' : `variation ${row.id} `;
        if (edit.action === 'stock') {
          const values = stockColumns(row, edit.quantity);
          if (row.manageStock && Number(row.stockQuantity) === edit.quantity) continue;
          before[`${label}stockQuantity`] = row.manageStock ? Number(row.stockQuantity ?? 0) : null;
          after[`${label}stockQuantity`] = edit.quantity;
          await set(row.id, values);
          await recordStockSet(tx, row.id, row, values, { reason: 'bulk_edit', actor });
          continue;
        }
        // A variation without its own price shows its parent's: the change starts from that.
        const regular = row.regularPrice ?? (row === product ? null : product.regularPrice);
        const sale = row.salePrice ?? (row === product ? null : product.salePrice);
        const next = priceAfter(edit, regular, sale);
        if (next === 'refused') refused = true;
        if (next === null || next === 'refused') continue;
        before[`${label}regularPrice`] = regular;
        before[`${label}salePrice`] = sale;
        after[`${label}regularPrice`] = next.regularPrice;
        after[`${label}salePrice`] = next.salePrice;
        await set(row.id, next);
        priced.push(row.id);
      }
      if (Object.keys(after).length === 0) return { ...none, refused };
      return { before, after, priced, refused };
    }
    case 'category_add':
    case 'category_remove': {
      const had = await tx
        .select({ id: productCategories.categoryId })
        .from(productCategories)
        .where(eq(productCategories.productId, product.id));
      const was = had.map((c) => c.id).sort((a, b) => a - b);
      const present = was.includes(edit.categoryId);
      if (edit.action === 'category_add') {
        if (present) return none;
        await tx
          .insert(productCategories)
          .values({ productId: product.id, categoryId: edit.categoryId, position: was.length })
          .onConflictDoNothing();
      } else {
        if (!present) return none;
        await tx
          .delete(productCategories)
          .where(
            and(
              eq(productCategories.productId, product.id),
              eq(productCategories.categoryId, edit.categoryId),
            ),
          );
      }
      const is =
        edit.action === 'category_add'
          ? [...was, edit.categoryId].sort((a, b) => a - b)
          : was.filter((c) => c !== edit.categoryId);
      return { before: { categories: was }, after: { categories: is }, priced: [], refused: false };
    }
    case 'publish':
    case 'draft': {
      if (product.status === edit.action) return none;
      await set(product.id, { status: edit.action });
      return {
        before: { status: product.status },
        after: { status: edit.action },
        priced: [],
        refused: false,
      };
    }
    case 'delivery_time': {
      if (product.deliveryTimeId === edit.deliveryTimeId) return none;
      await set(product.id, { deliveryTimeId: edit.deliveryTimeId });
      return {
        before: { deliveryTimeId: product.deliveryTimeId },
        after: { deliveryTimeId: edit.deliveryTimeId },
        priced: [],
        refused: false,
      };
    }
    case 'tax_class': {
      if (product.taxClass === edit.taxClass) return none;
      await set(product.id, { taxClass: edit.taxClass });
      return {
        before: { taxClass: product.taxClass },
        after: { taxClass: edit.taxClass },
        priced: [],
        refused: false,
      };
    }
  }
}
