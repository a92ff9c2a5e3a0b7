import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';
import { displayOwner } from '#app/domain/settings/shop-owner.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { formatDate, formatNumber } from '#app/lib/i18n.ts';
import { intlLocale } from '#app/lib/locale.ts';
import type { InvoiceDocument, InvoiceLine } from './invoice-document.rules.ts';
import { woffToSfnt } from './woff.server.ts';

const require = createRequire(import.meta.url);
// DejaVu Sans has €, umlauts and ß; the fonts are embedded (subset) in every document.
const font = (weight: number) =>
  woffToSfnt(
    readFileSync(
      require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`),
    ),
  );
const FONTS = { regular: font(400), bold: font(700) };

const MM = 72 / 25.4;
const PAGE = { width: 210 * MM, height: 297 * MM };
const LEFT = 25 * MM;
const RIGHT = PAGE.width - 20 * MM;
const WIDTH = RIGHT - LEFT;
const FOOTER_TOP = PAGE.height - 30 * MM;
const INK = '#1a1a1a';
const MUTED = '#5f5f5f';
const RULE = '#b5b5b5';

/** Columns of the line table: position, description, quantity, unit net, VAT rate, line net. */
const COLUMNS = [
  { key: 'pos', width: 10 * MM, align: 'left' },
  { key: 'name', width: WIDTH - 10 * MM - 16 * MM - 28 * MM - 16 * MM - 28 * MM, align: 'left' },
  { key: 'quantity', width: 16 * MM, align: 'right' },
  { key: 'unit', width: 28 * MM, align: 'right' },
  { key: 'rate', width: 16 * MM, align: 'right' },
  { key: 'net', width: 28 * MM, align: 'right' },
] as const;

function countryName(code: string, locale: 'de' | 'en'): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  return new Intl.DisplayNames([intlLocale(locale)], { type: 'region' }).of(code) ?? code;
}

/**
 * The invoice or cancellation invoice as an A4 PDF: letterhead, the buyer's address in the
 * window of a DIN 5008 (form B) envelope, the invoice details beside it, the lines, the VAT
 * per rate, payment and legal notes, and the seller's particulars in the footer of each page.
 */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const { locale } = document;
  const t = serverTranslator(locale);
  const money = (amount: number) => formatMoney(amount, document.currency, locale);
  const date = (iso: string) => formatDate(iso, locale);
  const short = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'medium',
      timeZone: 'Europe/Berlin',
    }).format(new Date(iso));
  const seller = { ...displayOwner(document.seller, locale), taxNumber: document.seller.taxNumber };
  const title =
    document.kind === 'invoice' ? t('invoice.pdf.title') : t('invoice.pdf.title_cancellation');

  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 20 * MM, bottom: 0, left: LEFT, right: PAGE.width - RIGHT },
    bufferPages: true,
    lang: locale,
    displayTitle: true,
    info: {
      Title: `${title} ${document.number}`,
      Author: seller.name,
      Subject: `${title} ${document.number}`,
      CreationDate: new Date(document.issuedAt),
    },
  });
  pdf.registerFont('regular', FONTS.regular);
  pdf.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  // Letterhead: the shop's name, its address on the right.
  pdf
    .fillColor(INK)
    .font('bold')
    .fontSize(16)
    .text(seller.name, LEFT, 15 * MM, { width: 100 * MM });
  pdf
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      [
        seller.street,
        `${seller.postcode} ${seller.city}`.trim(),
        seller.country,
        seller.email,
        seller.phone,
      ]
        .filter((s) => s && s !== '—')
        .join('\n'),
      RIGHT - 70 * MM,
      15 * MM,
      { width: 70 * MM, align: 'right' },
    );

  // DIN 5008 form B: the window starts 45 mm from the top, 20 mm from the left edge.
  const windowX = 20 * MM;
  const windowY = 45 * MM;
  pdf
    .fontSize(7)
    .fillColor(MUTED)
    .text(
      [seller.name, seller.street, `${seller.postcode} ${seller.city}`.trim()]
        .filter((s) => s && s !== '—')
        .join(' · '),
      windowX + 5 * MM,
      windowY + 5 * MM,
      { width: 80 * MM, lineBreak: false, ellipsis: true },
    );
  const buyer = document.buyer;
  const buyerLines = [
    buyer.company,
    buyer.name,
    buyer.street,
    buyer.street2,
    `${buyer.postcode} ${buyer.city}`.trim(),
    buyer.country === 'DE' ? '' : countryName(buyer.country, locale).toUpperCase(),
  ].filter(Boolean);
  pdf
    .fontSize(10)
    .fillColor(INK)
    .text(buyerLines.join('\n'), windowX + 5 * MM, windowY + 17.7 * MM, { width: 80 * MM });

  // Details beside the window.
  const details: [string, string][] = [
    [
      document.kind === 'invoice' ? t('invoice.pdf.number') : t('invoice.pdf.number_cancellation'),
      document.number,
    ],
    [t('invoice.pdf.date'), short(document.issuedAt)],
    [t('invoice.pdf.delivery_date'), short(document.deliveryDate)],
    [t('invoice.pdf.order'), `${document.order.number} (${short(document.order.createdAt)})`],
  ];
  if (document.cancels) {
    details.push([
      t('invoice.pdf.cancels'),
      `${document.cancels.number} (${short(document.cancels.issuedAt)})`,
    ]);
  }
  if (buyer.vatId) details.push([t('invoice.pdf.buyer_vat_id'), buyer.vatId]);
  let y = 50 * MM;
  const labelX = 115 * MM;
  const labelWidth = 36 * MM;
  for (const [label, value] of details) {
    pdf
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(label, labelX, y, { width: labelWidth });
    const below = pdf.y;
    pdf.fillColor(INK).text(value, labelX + labelWidth, y, { width: RIGHT - labelX - labelWidth });
    y = Math.max(below, pdf.y) + 2;
  }

  // Title and opening line.
  y = Math.max(103.4 * MM, y + 8 * MM);
  pdf.font('bold').fontSize(14).fillColor(INK).text(`${title} ${document.number}`, LEFT, y);
  pdf
    .moveDown(0.4)
    .font('regular')
    .fontSize(9.5)
    .text(
      document.kind === 'invoice'
        ? t('invoice.pdf.intro', { order: document.order.number })
        : t('invoice.pdf.intro_cancellation', { number: document.cancels?.number ?? '' }),
      { width: WIDTH },
    );
  pdf.moveDown(1);

  const header: Record<(typeof COLUMNS)[number]['key'], string> = {
    pos: t('invoice.pdf.col_pos'),
    name: t('invoice.pdf.col_description'),
    quantity: t('invoice.pdf.col_quantity'),
    unit: t('invoice.pdf.col_unit_net'),
    rate: t('invoice.pdf.col_rate'),
    net: t('invoice.pdf.col_net'),
  };
  const row = (cells: Record<string, string>, font: 'regular' | 'bold', sub = '') => {
    const top = pdf.y;
    let x = LEFT;
    let bottom = top;
    for (const column of COLUMNS) {
      pdf.font(font).fontSize(9).fillColor(INK);
      pdf.text(cells[column.key] ?? '', x, top, {
        width: column.width - 2 * MM,
        align: column.align,
      });
      if (column.key === 'name' && sub) {
        pdf
          .font('regular')
          .fontSize(7.5)
          .fillColor(MUTED)
          .text(sub, x, pdf.y, { width: column.width - 2 * MM });
      }
      bottom = Math.max(bottom, pdf.y);
      x += column.width;
    }
    pdf.x = LEFT;
    pdf.y = bottom + 3;
  };
  const rule = (weight = 0.5) => {
    pdf.moveTo(LEFT, pdf.y).lineTo(RIGHT, pdf.y).lineWidth(weight).strokeColor(RULE).stroke();
    pdf.y += 4;
  };
  const newPageIfNeeded = (space: number) => {
    if (pdf.y + space > FOOTER_TOP - 5 * MM) {
      pdf.addPage();
      pdf.y = 20 * MM;
    }
  };

  row(header, 'bold');
  rule(0.8);
  document.lines.forEach((line: InvoiceLine, i) => {
    newPageIfNeeded(30);
    const sub = [line.sku ? `${t('invoice.pdf.sku')} ${line.sku}` : '', line.detail]
      .filter(Boolean)
      .join(' · ');
    row(
      {
        pos: String(i + 1),
        name: line.name,
        quantity: formatNumber(line.quantity, locale),
        unit: money(line.unitNet),
        rate: formatRate(line.rate, locale),
        net: money(line.net),
      },
      'regular',
      sub,
    );
  });
  rule(0.8);

  // Sums: net, VAT per rate, gross.
  newPageIfNeeded(40 + document.rates.length * 14);
  const sumLine = (label: string, value: string, bold = false) => {
    const top = pdf.y;
    pdf
      .font(bold ? 'bold' : 'regular')
      .fontSize(bold ? 10.5 : 9)
      .fillColor(INK);
    pdf.text(label, RIGHT - 110 * MM, top, { width: 80 * MM, align: 'right' });
    pdf.text(value, RIGHT - 30 * MM, top, { width: 30 * MM, align: 'right' });
    pdf.x = LEFT;
    pdf.y = Math.max(pdf.y, top + 12) + 1;
  };
  sumLine(t('invoice.pdf.total_net'), money(document.net));
  for (const rate of document.rates) {
    sumLine(
      t('invoice.pdf.vat_on', { rate: formatRate(rate.rate, locale), net: money(rate.net) }),
      money(rate.tax),
    );
  }
  sumLine(t('invoice.pdf.total_gross'), money(document.gross), true);
  if (document.discount.gross > 0) {
    pdf.font('regular').fontSize(8).fillColor(MUTED);
    pdf.text(
      t('invoice.pdf.discount_included', {
        amount: money(document.discount.gross),
        codes: document.discount.codes.join(', '),
      }),
      LEFT,
      pdf.y + 2,
      { width: WIDTH, align: 'right' },
    );
  }

  // Payment and the legal notes.
  pdf.moveDown(1.2).x = LEFT;
  pdf.font('regular').fontSize(9).fillColor(INK);
  const paid =
    document.kind === 'cancellation'
      ? t('invoice.pdf.refund_note', { method: document.payment.method })
      : document.payment.paidAt
        ? t('invoice.pdf.paid', {
            method: document.payment.method,
            date: date(document.payment.paidAt),
          })
        : t('invoice.pdf.payment', { method: document.payment.method });
  pdf.text(paid, LEFT, pdf.y, { width: WIDTH });
  for (const note of document.notes) {
    pdf
      .moveDown(0.5)
      .font('bold')
      .text(t(`invoice.note.${note}`), { width: WIDTH });
  }
  pdf.moveDown(0.8).font('regular').text(t('invoice.pdf.thanks'), { width: WIDTH });

  // Footer with the seller's particulars and the page number on every page.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    pdf
      .moveTo(LEFT, FOOTER_TOP)
      .lineTo(RIGHT, FOOTER_TOP)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    const third = WIDTH / 3;
    const known = (s: string) => (s && s !== '—' ? s : '');
    const columns = [
      [seller.name, seller.street, `${seller.postcode} ${seller.city}`.trim(), seller.country],
      [
        known(seller.representative) &&
          t('invoice.pdf.representative', { name: seller.representative }),
        known(seller.register),
        known(seller.email),
        known(seller.phone),
      ],
      [
        known(seller.vatId) && t('invoice.pdf.vat_id', { id: seller.vatId }),
        seller.taxNumber && t('invoice.pdf.tax_number', { id: seller.taxNumber }),
        t('invoice.pdf.page', { page: i - range.start + 1, pages: range.count }),
      ],
    ];
    columns.forEach((lines, c) => {
      pdf
        .font('regular')
        .fontSize(7)
        .fillColor(MUTED)
        .text(lines.filter(Boolean).join('\n'), LEFT + c * third, FOOTER_TOP + 3 * MM, {
          width: third - 3 * MM,
          lineBreak: true,
          height: 22 * MM,
        });
    });
  }
  pdf.end();
  return done;
}
