import type { InvoiceDocument } from './invoice-document.rules.ts';

export async function embedEInvoice(_document: InvoiceDocument, pdf: Buffer): Promise<Buffer> {
  return pdf;
}
