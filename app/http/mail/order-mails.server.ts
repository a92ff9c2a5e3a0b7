import { ATTRIBUTION_FIELDS, type Attribution } from '#app/domain/attribution/attribution.rules.ts';
import type { LegalPage } from '#app/content/legal.ts';
import type { LegalVersion } from '#app/domain/legal/legal.server.ts';
import { type OrderView, feeMessageKey } from '#app/domain/orders/order.view.ts';
import { countryName, stateName } from '#app/domain/customers/address-locale.ts';
import { pickupPointLines } from '#app/domain/shipping/pickup-points.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';
import { isVatFree } from '#app/domain/pricing/vat.rules.ts';
import type { ShopOwner } from '#app/domain/settings/shop-owner.ts';
import { type TextKey, type Translate, formatDate } from '#app/lib/i18n.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { MailMessage } from '#app/lib/mail.server.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Everything a shopper typed reaches the mail escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

export type MailContext = { locale: Locale; owner: ShopOwner; shopUrl: string };

function addressLines(address: OrderView['billing'], locale: Locale): string[] {
  return [
    [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.company,
    address.address_1,
    address.address_2,
    [address.postcode, address.city].filter(Boolean).join(' '),
    address.state ? stateName(address.country, address.state, locale) : '',
    address.country ? countryName(address.country, locale) : '',
    address.phone,
    address.email ?? '',
    address.vat_id ?? '',
  ].filter((line) => line.trim() !== '');
}

/** The order's rows: items, sums, shipping, deposit, total, VAT per rate. */
function summaryRows(order: OrderView, t: Translate, locale: Locale): [string, string][] {
  const money = (amount: number) => formatMoney(amount, order.currency, locale);
  const rows: [string, string][] = order.items.map((item) => {
    const variation = item.variation.map((v) => `${v.attribute}: ${v.value}`).join(', ');
    return [
      `${item.name}${variation ? ` (${variation})` : ''} × ${item.quantity}`,
      money(item.subtotal),
    ];
  });
  rows.push([t('cart.items_total'), money(order.itemsTotal)]);
  for (const coupon of order.coupons) {
    rows.push([t('coupon.row', { code: coupon.code }), `−${money(coupon.discount)}`]);
  }
  for (const line of order.shipping_lines) {
    rows.push([`${t('cart.shipping')}: ${line.name}`, money(line.total)]);
  }
  if (order.depositTotal > 0) rows.push([t('cart.deposit_total'), money(order.depositTotal)]);
  for (const fee of order.fees) {
    const key = feeMessageKey(fee.key);
    rows.push([key ? t(key) : fee.name, money(fee.total)]);
  }
  rows.push([t('order.payment_method'), order.paymentMethodTitle]);
  rows.push([
    t(isVatFree(order.vat) ? 'cart.total' : 'checkout.total_incl_vat'),
    money(order.total),
  ]);
  for (const line of order.taxLines) {
    rows.push([t('cart.tax_line', { rate: formatRate(line.rate, locale) }), money(line.amount)]);
  }
  if (order.vat.kind === 'reverse_charge') {
    rows.push([t('cart.tax_line', { rate: formatRate(0, locale) }), money(0)]);
    rows.push([
      t('cart.reverse_charge'),
      t('cart.reverse_charge_vat_id', { vatId: order.vat.vatId }),
    ]);
  } else if (order.vat.kind === 'export') {
    rows.push([t('cart.tax_line', { rate: formatRate(0, locale) }), money(0)]);
    rows.push([
      t('cart.export'),
      t('cart.export_country', { country: countryName(order.vat.country, locale) }),
    ]);
  } else if (order.vat.kind === 'destination') {
    rows.push([t('cart.tax_country', { country: countryName(order.vat.country, locale) }), '']);
  }
  return rows;
}

function legalText(page: LegalPage, versionLine: string): string {
  const out = [page.title.toUpperCase(), versionLine, ''];
  for (const section of page.sections) {
    out.push(section.heading, '');
    for (const block of section.blocks) {
      if (block.type === 'paragraph') out.push(block.text);
      else if (block.type === 'list') out.push(...block.items.map((i) => `- ${i}`));
      else if (block.type === 'address') out.push(...block.lines);
      else out.push(...[block.head, ...block.rows].map((r) => r.join(' | ')));
      out.push('');
    }
  }
  return out.join('\n');
}

function legalHtml(page: LegalPage, versionLine: string): string {
  const blocks = page.sections
    .map((section) => {
      const body = section.blocks
        .map((block) => {
          if (block.type === 'paragraph') return `<p>${escapeHtml(block.text)}</p>`;
          if (block.type === 'list') {
            return `<ul>${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
          }
          if (block.type === 'address') {
            return `<p>${block.lines.map(escapeHtml).join('<br>')}</p>`;
          }
          const cells = (row: string[], tag: string) =>
            `<tr>${row.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
          return `<table>${cells(block.head, 'th')}${block.rows.map((r) => cells(r, 'td')).join('')}</table>`;
        })
        .join('');
      return `<h3>${escapeHtml(section.heading)}</h3>${body}`;
    })
    .join('');
  return `<h2>${escapeHtml(page.title)}</h2><p><em>${escapeHtml(versionLine)}</em></p>${blocks}`;
}

export type Section = { text: string; html: string };

export function paragraph(text: string): Section {
  return { text, html: `<p>${escapeHtml(text)}</p>` };
}

export function orderSection(order: OrderView, t: Translate, locale: Locale): Section {
  const rows = summaryRows(order, t, locale);
  const heading = `${t('order.number')}: ${order.number} · ${t('order.date')}: ${formatDate(order.createdAt, locale)}`;
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const text = [heading, '', ...rows.map(([l, v]) => `${l.padEnd(width)}${v}`)].join('\n');
  const html =
    `<h2>${escapeHtml(heading)}</h2><table cellpadding="6" style="border-collapse:collapse">` +
    rows
      .map(
        ([l, v]) =>
          `<tr><th align="left" style="border-bottom:1px solid #ddd">${escapeHtml(l)}</th><td align="right" style="border-bottom:1px solid #ddd">${escapeHtml(v)}</td></tr>`,
      )
      .join('') +
    '</table>';
  return { text, html };
}

function addressSection(order: OrderView, t: Translate, locale: Locale): Section {
  const groups: [string, string[]][] = [
    [t('order.billing_address'), addressLines(order.billing, locale)],
  ];
  if (order.shipping_lines.length > 0) {
    groups.push([t('order.shipping_address'), addressLines(order.shipping, locale)]);
  }
  if (order.pickupPoint)
    groups.push([t('order.pickup_point'), pickupPointLines(order.pickupPoint)]);
  if (order.customerNote) groups.push([t('order.customer_note'), [order.customerNote]]);
  return {
    text: groups.map(([h, lines]) => [h, ...lines].join('\n')).join('\n\n'),
    html: groups
      .map(([h, lines]) => `<h3>${escapeHtml(h)}</h3><p>${lines.map(escapeHtml).join('<br>')}</p>`)
      .join(''),
  };
}

function bankSection(order: OrderView, t: Translate): Section | null {
  if (order.bankDetails.length === 0) return null;
  const rows = order.bankDetails.map(
    (d) => [t(`order.bank.${d.key}` as TextKey), d.value] as const,
  );
  return {
    text: [
      t('order.bank_details'),
      t('order.bank_intro'),
      ...rows.map(([l, v]) => `${l}: ${v}`),
    ].join('\n'),
    html:
      `<h2>${escapeHtml(t('order.bank_details'))}</h2><p>${escapeHtml(t('order.bank_intro'))}</p><ul>` +
      rows
        .map(([l, v]) => `<li>${escapeHtml(l)}: <strong>${escapeHtml(v)}</strong></li>`)
        .join('') +
      '</ul>',
  };
}

export function compose(subject: string, to: string[], sections: Section[]): MailMessage {
  return {
    to,
    subject,
    text: sections.map((s) => s.text).join('\n\n'),
    html:
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
      `<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2328;max-width:640px">` +
      sections.map((s) => s.html).join('') +
      '</body></html>',
  };
}

/**
 * A mail to the order's buyer in their language: the greeting, the body's sections, the shop's
 * sign-off. The subject's text gets the order number and the shop's name.
 */
export function letterToBuyer(
  order: OrderView,
  locale: Locale,
  subject: TextKey,
  body: (t: Translate) => Section[],
  subjectParams: (t: Translate) => Record<string, string> = () => ({}),
): MailMessage {
  const t = serverTranslator(locale);
  const shop = t('shop.name');
  const name = order.billing.first_name || order.billing.last_name;
  return compose(
    t(subject, { number: order.number, shop, ...subjectParams(t) }),
    [order.billing.email ?? ''],
    [paragraph(t('mail.greeting', { name })), ...body(t), paragraph(t('mail.signoff', { shop }))],
  );
}

/**
 * The order confirmation for the customer: the order, addresses, bank details where a
 * transfer is due, and the terms, the cancellation policy and the model withdrawal form in
 * full, so the customer holds them on a durable medium (Art. 246a § 1 EGBGB, § 312f BGB).
 */
export function orderConfirmation(
  order: OrderView,
  ctx: MailContext & { legal: readonly LegalVersion[] },
): MailMessage {
  const t = serverTranslator(ctx.locale);
  const shop = t('shop.name');
  const name = order.billing.first_name || order.billing.last_name;
  const versionLine = (v: LegalVersion) =>
    t('legal.version', { version: v.version, date: formatDate(v.publishedAt, ctx.locale) });
  // The versions the customer accepted; terms and cancellation policy in full.
  const accepted = ctx.legal.map((v) => `${v.content[ctx.locale].title}: ${versionLine(v)}`);
  const inFull = ctx.legal.filter((v) => v.slug === 'agb' || v.slug === 'widerruf');
  const sections = [
    paragraph(t('mail.greeting', { name })),
    paragraph(t('mail.order_intro')),
    orderSection(order, t, ctx.locale),
    bankSection(order, t),
    addressSection(order, t, ctx.locale),
    paragraph(t('mail.signoff', { shop })),
    {
      text: [t('mail.legal_heading'), t('mail.legal_intro'), ...accepted].join('\n'),
      html:
        `<hr><h2>${escapeHtml(t('mail.legal_heading'))}</h2><p>${escapeHtml(t('mail.legal_intro'))}</p>` +
        `<ul>${accepted.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    },
    ...inFull.map((v) => ({
      text: legalText(v.content[ctx.locale], versionLine(v)),
      html: legalHtml(v.content[ctx.locale], versionLine(v)),
    })),
  ].filter((s): s is Section => s !== null);
  return compose(
    t('mail.order_subject', { number: order.number, shop }),
    [order.billing.email ?? ''],
    sections,
  );
}

/** Where the order came from, for the shop only; values are the shopper's, so escaped. */
function attributionSection(attribution: Attribution | undefined, t: Translate): Section | null {
  const rows = ATTRIBUTION_FIELDS.filter((f) => attribution?.[f]).map(
    (f) => [t(`attribution.field.${f}` as TextKey), attribution![f]!] as const,
  );
  if (rows.length === 0) return null;
  const heading = t('attribution.heading');
  return {
    text: [heading, ...rows.map(([l, v]) => `${l}: ${v}`)].join('\n'),
    html:
      `<h3>${escapeHtml(heading)}</h3><ul>` +
      rows.map(([l, v]) => `<li>${escapeHtml(l)}: ${escapeHtml(v)}</li>`).join('') +
      '</ul>',
  };
}

/** The shop's notice of a new order, in the shop's language, with the order's attribution. */
export function newOrderNotice(
  order: OrderView,
  ctx: MailContext & { attribution?: Attribution },
): MailMessage {
  const t = serverTranslator(ctx.locale);
  const shop = t('shop.name');
  const name = [order.billing.first_name, order.billing.last_name].join(' ').trim();
  return compose(
    t('mail.new_order_subject', { number: order.number, shop }),
    [ctx.owner.email],
    [
      paragraph(t('mail.new_order_intro', { name })),
      orderSection(order, t, ctx.locale),
      addressSection(order, t, ctx.locale),
      attributionSection(ctx.attribution, t),
      paragraph(`${ctx.shopUrl}`),
    ].filter((s): s is Section => s !== null),
  );
}

/** Tells the customer their order's new status. */
export function statusChanged(order: OrderView, ctx: MailContext): MailMessage {
  const status = (t: Translate) => t(`order.status.${order.status}` as TextKey);
  return letterToBuyer(
    order,
    ctx.locale,
    'mail.status_subject',
    (t) => [
      paragraph(t('mail.status_intro', { number: order.number, status: status(t) })),
      orderSection(order, t, ctx.locale),
    ],
    (t) => ({ status: status(t) }),
  );
}

/** Tells the customer an unpaid order was cancelled after the hold time. */
export function unpaidCancelled(order: OrderView, ctx: MailContext): MailMessage {
  return letterToBuyer(order, ctx.locale, 'mail.unpaid_subject', (t) => [
    paragraph(t('mail.unpaid_intro', { number: order.number })),
    orderSection(order, t, ctx.locale),
  ]);
}

/** The customer's confirmation and the shop's notice of a new order. */
export function newOrderMails(
  order: OrderView,
  ctx: MailContext & {
    shopLocale: Locale;
    attribution?: Attribution;
    legal: readonly LegalVersion[];
  },
): [MailMessage, MailMessage] {
  return [orderConfirmation(order, ctx), newOrderNotice(order, { ...ctx, locale: ctx.shopLocale })];
}
