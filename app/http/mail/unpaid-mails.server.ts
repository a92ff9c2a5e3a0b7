import type { Tx } from '#app/domain/kernel/tx.ts';
import { orderView } from '#app/domain/orders/order-view.server.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';
import type { Env } from '#app/lib/env.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { type MailMessage, createMailer } from '#app/lib/mail.server.ts';
import { fromAddress } from '../pages/checkout-form.server.ts';
import { unpaidCancelled } from './order-mails.server.ts';

/**
 * The cancellation mails of orders the unpaid-order job cancelled, written while its transaction
 * still reads them; the returned function sends them once that transaction has committed.
 */
export async function unpaidCancellationMails(
  db: Tx,
  env: Env,
  cancelled: readonly OrderRow[],
): Promise<() => Promise<void>> {
  const owner = await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER);
  const messages: MailMessage[] = [];
  for (const order of cancelled) {
    const view = await orderView(db, order);
    if (!view.billing.email?.includes('@')) continue;
    const locale = order.locale === 'en' ? 'en' : 'de';
    messages.push(unpaidCancelled(view, { locale, owner, shopUrl: env.SHOP_URL }));
  }
  return async () => {
    const shop = serverTranslator(env.SHOP_LOCALE)('shop.name');
    const mailer = createMailer(env, `${shop} <${fromAddress(env)}>`);
    for (const message of messages) {
      const sent = await mailer.send(message);
      if (!sent.ok) console.error('cancellation mail failed', message.subject, sent.error);
    }
  };
}
