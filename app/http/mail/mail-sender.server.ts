// Who the shop's mails come from and whether a switchable mail goes out at all.
import { addOrderNote } from '#app/domain/orders/orders.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { MailKind, MailSender } from '#app/domain/settings/mail-settings.rules.ts';
import { mailEnabled, mailSettings } from '#app/domain/settings/mail-settings.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { loadShopName } from '#app/domain/settings/shop-name.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { fromAddress } from '../order-links.ts';

/** The sender until the shop sets one: the shop's name at the host it is reached by. */
export function defaultSender(env: Pick<Env, 'SHOP_URL' | 'SHOP_LOCALE'>): MailSender {
  return { name: serverTranslator(env.SHOP_LOCALE)('shop.name'), address: fromAddress(env) };
}

/** The sender in force, each part falling back to the default on its own. */
export async function senderOf(db: Tx, env: Env): Promise<MailSender> {
  await loadShopName(db);
  const fallback = defaultSender(env);
  const { sender } = await mailSettings(db);
  return { name: sender?.name || fallback.name, address: sender?.address || fallback.address };
}

/** The From header; the name is quoted (the settings refuse quotes, brackets, line breaks). */
export function fromHeader(sender: MailSender): string {
  return sender.name ? `"${sender.name}" <${sender.address}>` : sender.address;
}

export async function mailFrom(db: Tx, env: Env): Promise<string> {
  return fromHeader(await senderOf(db, env));
}

/**
 * True when the shop switched the mail off; the order's history then says it was skipped, so
 * staff see why the customer got nothing.
 */
export async function mailSwitchedOff(
  db: Tx,
  kind: MailKind,
  orderId?: number | null,
): Promise<boolean> {
  if (await mailEnabled(db, kind)) return false;
  if (orderId) await addOrderNote(db, orderId, { code: `admin.mailSettings.skipped.${kind}` });
  return true;
}
