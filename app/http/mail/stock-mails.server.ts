import { eq } from 'drizzle-orm';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { stockNoticeWanted } from '#app/domain/catalog/stock-admin.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { StockNoticePayload } from '#app/domain/orders/orders.server.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';
import type { Env } from '#app/lib/env.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { MailMessage } from '#app/lib/mail.server.ts';
import { compose, paragraph } from './order-mails.server.ts';

export type StockNoticeFacts = StockNoticePayload & {
  name: string;
  sku: string | null;
  /** The product page of the back office whose stock history explains the figure. */
  stockUrl: string;
};

/** The shop manager's mail: which product, how many are left, where to restock it. */
export function stockNoticeMail(facts: StockNoticeFacts, to: string, locale: Locale): MailMessage {
  const t = serverTranslator(locale);
  const shop = t('shop.name');
  const low = facts.notice === 'low';
  return compose(
    t(low ? 'mail.stock_low_subject' : 'mail.stock_out_subject', { shop, name: facts.name }),
    [to],
    [
      paragraph(
        low
          ? t('mail.stock_low_intro', { name: facts.name, quantity: facts.quantity })
          : t('mail.stock_out_intro', { name: facts.name }),
      ),
      ...(facts.sku ? [paragraph(t('mail.stock_sku', { sku: facts.sku }))] : []),
      paragraph(t('mail.stock_link', { url: facts.stockUrl })),
    ],
  );
}

/** What the notice is about, read when it is sent: the name as the back office shows it. */
async function noticeFacts(
  db: Tx,
  env: Env,
  payload: StockNoticePayload,
  locale: Locale,
): Promise<StockNoticeFacts | null> {
  const [row] = await db
    .select({
      name: products.name,
      sku: products.sku,
      parentId: products.parentId,
      attributes: products.variationAttributes,
    })
    .from(products)
    .where(eq(products.id, payload.productId));
  if (!row) return null;
  let name = localize(row.name ?? null, locale);
  if (!name && row.parentId !== null) {
    const [parent] = await db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, row.parentId));
    const values = Object.values(row.attributes ?? {}).filter(Boolean);
    name = [localize(parent?.name ?? null, locale), values.join(', ')].filter(Boolean).join(' – ');
  }
  const pageId = row.parentId ?? payload.productId;
  return {
    ...payload,
    name: name || `#${payload.productId}`,
    sku: row.sku,
    stockUrl: new URL(`/admin/products/${pageId}/stock`, env.SHOP_URL).href,
  };
}

/** Sends the queued notice to the shop owner's address, unless the shop switched it off. */
export async function sendStockNoticeMail(
  db: Tx,
  env: Env,
  entry: { payload: Record<string, unknown> },
  send: (messages: MailMessage[]) => Promise<void>,
): Promise<void> {
  const payload = entry.payload as StockNoticePayload;
  if (payload.notice !== 'low' && payload.notice !== 'out') return;
  const wanted = await stockNoticeWanted(db, payload.notice);
  if (!wanted) return;
  const owner = await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER);
  if (!owner.email) return;
  const facts = await noticeFacts(db, env, payload, env.SHOP_LOCALE);
  if (!facts) return;
  await send([stockNoticeMail(facts, owner.email, env.SHOP_LOCALE)]);
}
