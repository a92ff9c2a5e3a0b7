import type { OrderWithdrawalRow, OrderRow } from '#app/domain/orders/orders.schema.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { formatDateTime } from '#app/lib/i18n.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { MailMessage } from '#app/lib/mail.server.ts';
import {
  type MailContext,
  type Section,
  compose,
  escapeHtml,
  paragraph,
} from './order-mails.server.ts';

/** The declaration as received: who, which order, when; the same lines on screen and in mail. */
function declarationSection(
  declaration: OrderWithdrawalRow,
  order: OrderRow | null,
  locale: Locale,
): Section {
  const t = serverTranslator(locale);
  const rows: [string, string][] = [
    [t('withdrawal.declared_at'), formatDateTime(declaration.declaredAt, locale)],
    [t('withdrawal.name'), declaration.name],
    [t('withdrawal.order_number'), declaration.orderNumber],
    [t('withdrawal.email'), declaration.email],
  ];
  if (order) rows.push([t('order.total'), formatMoney(order.total, order.currency, locale)]);
  return {
    text: rows.map(([l, v]) => `${l}: ${v}`).join('\n'),
    html:
      '<table cellpadding="6" style="border-collapse:collapse">' +
      rows
        .map(
          ([l, v]) =>
            `<tr><th align="left" style="border-bottom:1px solid #ddd">${escapeHtml(l)}</th><td style="border-bottom:1px solid #ddd">${escapeHtml(v)}</td></tr>`,
        )
        .join('') +
      '</table>',
  };
}

/**
 * The confirmation of receipt on a durable medium (§ 356a BGB). It goes to the address the
 * declarant gave; only its holder learns whether the details fitted an order.
 */
export function withdrawalConfirmation(
  declaration: OrderWithdrawalRow,
  order: OrderRow | null,
  ctx: Pick<MailContext, 'locale'>,
): MailMessage {
  const t = serverTranslator(ctx.locale);
  const shop = t('shop.name');
  const at = formatDateTime(declaration.declaredAt, ctx.locale);
  return compose(
    t('withdrawal.mail_subject', { number: declaration.orderNumber, shop }),
    [declaration.email],
    [
      paragraph(t('mail.greeting', { name: declaration.name })),
      paragraph(t('withdrawal.mail_intro', { at })),
      declarationSection(declaration, order, ctx.locale),
      paragraph(
        order
          ? t('withdrawal.mail_matched', { number: order.number })
          : t('withdrawal.mail_unmatched'),
      ),
      paragraph(t('mail.signoff', { shop })),
    ],
  );
}

/** Tells the shop owner, in the shop's language, that a declaration came in. */
export function withdrawalNotice(
  declaration: OrderWithdrawalRow,
  order: OrderRow | null,
  ctx: Pick<MailContext, 'locale' | 'owner' | 'shopUrl'>,
): MailMessage {
  const t = serverTranslator(ctx.locale);
  const shop = t('shop.name');
  return compose(
    t('withdrawal.notice_subject', { number: declaration.orderNumber, shop }),
    [ctx.owner.email],
    [
      paragraph(
        order
          ? t('withdrawal.notice_matched', { number: order.number })
          : t('withdrawal.notice_unmatched'),
      ),
      declarationSection(declaration, order, ctx.locale),
      paragraph(ctx.shopUrl),
    ],
  );
}
