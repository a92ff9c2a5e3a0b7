import {
  type EInvoiceFormat,
  FormatFactoryService,
  type Invoice,
  InvoiceService,
  type Logger,
} from '@e-invoice-eu/core';
import type { InvoiceDocument, InvoiceLine, InvoiceNote } from './invoice-document.rules.ts';

/** The Factur-X / ZUGFeRD profile of invoices to business buyers. */
export const E_INVOICE_FORMAT = 'Factur-X-EN16931';

// The library reports through a logger; a document it cannot build fails the issue instead.
const quiet = { log() {}, warn() {}, error() {}, debug() {} } as never;

type CiiTree = Record<string, Record<string, Record<string, Record<string, unknown>>>>;

/**
 * The library's CII conversion drops the preceding invoice (BT-25, BT-26) that a credit note
 * names in UBL; a cancellation invoice must name the invoice it cancels, so it is added to
 * the converted tree, after the monetary summation as the CII schema orders it.
 */
class PrecedingInvoiceFormats extends FormatFactoryService {
  constructor(private readonly cancels: { number: string; issuedAt: string }) {
    super();
  }

  override createFormatService(format: string, logger: Logger): EInvoiceFormat {
    const formatter = super.createFormatService(format, logger);
    const steps = formatter as unknown as { postProcess(cii: CiiTree): void };
    const convert = steps.postProcess.bind(formatter);
    steps.postProcess = (cii) => {
      convert(cii);
      const settlement =
        cii['rsm:CrossIndustryInvoice']?.['rsm:SupplyChainTradeTransaction']?.[
          'ram:ApplicableHeaderTradeSettlement'
        ];
      if (!settlement || settlement['ram:InvoiceReferencedDocument']) return;
      settlement['ram:InvoiceReferencedDocument'] = {
        'ram:IssuerAssignedID': this.cancels.number,
        'ram:FormattedIssueDateTime': {
          'qdt:DateTimeString': day(this.cancels.issuedAt).replaceAll('-', ''),
          'qdt:DateTimeString@format': '102',
        },
      };
    };
    return formatter;
  }
}

function invoiceService(document: InvoiceDocument): InvoiceService {
  const service = new InvoiceService(quiet);
  if (document.cancels) {
    (service as unknown as { formatFactoryService: FormatFactoryService }).formatFactoryService =
      new PrecedingInvoiceFormats(document.cancels);
  }
  return service;
}

const amount = (minor: number) => (Math.abs(minor) / 100).toFixed(2);
const day = (iso: string) => iso.slice(0, 10);
const percent = (rate: number) => (rate / 100).toFixed(2);

const AMOUNTS = new Set([
  'cbc:TaxableAmount',
  'cbc:TaxAmount',
  'cbc:LineExtensionAmount',
  'cbc:TaxExclusiveAmount',
  'cbc:TaxInclusiveAmount',
  'cbc:PrepaidAmount',
  'cbc:PayableAmount',
  'cbc:PriceAmount',
]);

/** Every amount names its currency, as the format requires. */
function withCurrency(value: unknown, currency: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withCurrency(v, currency));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = withCurrency(inner, currency);
    if (AMOUNTS.has(key)) out[`${key}@currencyID`] = currency;
  }
  return out;
}

/** The EN 16931 VAT category of a rate on this document, and why no VAT when none is due. */
function category(rate: number, notes: readonly InvoiceNote[]) {
  if (notes.includes('small_business')) {
    return { id: 'E', reason: 'Kleinunternehmer gemäß § 19 UStG' } as const;
  }
  if (notes.includes('intra_eu_supply')) {
    return { id: 'K', reason: 'Innergemeinschaftliche Lieferung' } as const;
  }
  if (notes.includes('reverse_charge')) {
    return { id: 'AE', reason: 'Steuerschuldnerschaft des Leistungsempfängers' } as const;
  }
  if (notes.includes('export')) {
    return { id: 'G', reason: 'Steuerfreie Ausfuhrlieferung' } as const;
  }
  return rate > 0 ? ({ id: 'S', reason: null } as const) : ({ id: 'Z', reason: null } as const);
}

function invoiceLine(line: InvoiceLine, i: number, notes: readonly InvoiceNote[]) {
  const vat = category(line.rate, notes);
  return {
    'cbc:ID': String(i + 1),
    'cbc:InvoicedQuantity': String(Math.abs(line.quantity)),
    'cbc:InvoicedQuantity@unitCode': 'H87',
    'cbc:LineExtensionAmount': amount(line.net),
    'cac:Item': {
      ...(line.detail ? { 'cbc:Description': line.detail } : {}),
      'cbc:Name': line.name,
      ...(line.sku ? { 'cac:SellersItemIdentification': { 'cbc:ID': line.sku } } : {}),
      'cac:ClassifiedTaxCategory': {
        'cbc:ID': vat.id,
        'cbc:Percent': percent(line.rate),
        'cac:TaxScheme': { 'cbc:ID': 'VAT' },
      },
    },
    'cac:Price': { 'cbc:PriceAmount': amount(line.unitNet) },
  };
}

/**
 * The document as an EN 16931 invoice in the library's UBL-shaped input; a cancellation is a
 * credit note (381) with positive amounts that names the invoice it cancels, as CII wants.
 */
export function eInvoiceData(document: InvoiceDocument): Invoice {
  const { seller, buyer, notes } = document;
  const paid = document.kind === 'invoice' && document.payment.paidAt !== null;
  const data = {
    'ubl:Invoice': {
      'cbc:ID': document.number,
      'cbc:IssueDate': day(document.issuedAt),
      'cbc:InvoiceTypeCode': document.kind === 'invoice' ? '380' : '381',
      'cbc:DocumentCurrencyCode': document.currency,
      'cac:OrderReference': { 'cbc:ID': String(document.order.number) },
      ...(document.cancels
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': document.cancels.number,
                  'cbc:IssueDate': day(document.cancels.issuedAt),
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': seller.email,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': {
            'cbc:StreetName': seller.street,
            'cbc:CityName': seller.city,
            'cbc:PostalZone': seller.postcode,
            'cac:Country': {
              'cbc:IdentificationCode': /^[A-Z]{2}$/.test(seller.country) ? seller.country : 'DE',
            },
          },
          'cac:PartyTaxScheme': [
            ...(seller.vatId && seller.vatId !== '—'
              ? [{ 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }]
              : []),
            ...(seller.taxNumber
              ? [{ 'cbc:CompanyID': seller.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }]
              : []),
          ],
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': seller.name },
          'cac:Contact': { 'cbc:ElectronicMail': seller.email },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...(buyer.email
            ? { 'cbc:EndpointID': buyer.email, 'cbc:EndpointID@schemeID': 'EM' }
            : {}),
          'cac:PostalAddress': {
            'cbc:StreetName': buyer.street,
            ...(buyer.street2 ? { 'cbc:AdditionalStreetName': buyer.street2 } : {}),
            'cbc:CityName': buyer.city,
            'cbc:PostalZone': buyer.postcode,
            'cac:Country': { 'cbc:IdentificationCode': buyer.country },
          },
          ...(buyer.vatId
            ? {
                'cac:PartyTaxScheme': {
                  'cbc:CompanyID': buyer.vatId,
                  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
                },
              }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.company || buyer.name },
        },
      },
      'cac:Delivery': {
        'cbc:ActualDeliveryDate': day(document.deliveryDate),
        'cac:DeliveryLocation': {
          'cac:Address': { 'cac:Country': { 'cbc:IdentificationCode': buyer.country } },
        },
      },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amount(document.tax),
          'cac:TaxSubtotal': document.rates.map((rate) => {
            const vat = category(rate.rate, notes);
            return {
              'cbc:TaxableAmount': amount(rate.net),
              'cbc:TaxAmount': amount(rate.tax),
              'cac:TaxCategory': {
                'cbc:ID': vat.id,
                'cbc:Percent': percent(rate.rate),
                ...(vat.reason ? { 'cbc:TaxExemptionReason': vat.reason } : {}),
                'cac:TaxScheme': { 'cbc:ID': 'VAT' },
              },
            };
          }),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(document.net),
        'cbc:TaxExclusiveAmount': amount(document.net),
        'cbc:TaxInclusiveAmount': amount(document.gross),
        ...(paid ? { 'cbc:PrepaidAmount': amount(document.gross) } : {}),
        'cbc:PayableAmount': paid ? '0.00' : amount(document.gross),
      },
      'cac:InvoiceLine': document.lines.map((line, i) => invoiceLine(line, i, notes)),
    },
  };
  return withCurrency(data, document.currency) as Invoice;
}

/** The rendered PDF as a Factur-X / ZUGFeRD PDF/A-3 with the CII XML embedded. */
export async function embedEInvoice(document: InvoiceDocument, pdf: Buffer): Promise<Buffer> {
  const result = await invoiceService(document).generate(eInvoiceData(document), {
    format: E_INVOICE_FORMAT,
    lang: document.locale === 'en' ? 'en-gb' : 'de-de',
    pdf: {
      buffer: new Uint8Array(pdf),
      filename: `${document.number}.pdf`,
      mimetype: 'application/pdf',
    },
  });
  return Buffer.from(result as Uint8Array);
}
