import type { Localized } from '#app/domain/kernel/localized.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { eurosOfCents } from './payment-settings.rules.ts';
import type { PaymentMethod, PaymentOutcome, PaymentSettings } from './payments.ts';

/** Bank details as the shopper needs them for the transfer; the order number is the reference. */
export function bankTransferDetails(settings: PaymentSettings, order: Pick<OrderRow, 'number'>) {
  const account = settings.bankAccount;
  return [
    { key: 'account_holder', value: account.accountHolder },
    { key: 'bank_name', value: account.bankName },
    { key: 'iban', value: account.iban },
    { key: 'bic', value: account.bic },
    { key: 'reference', value: String(order.number) },
  ].filter((d) => d.value !== '');
}

/** The fee line's name on the order, mails and invoice. */
export const COD_FEE_NAME: Localized = { de: 'Nachnahmegebühr', en: 'Cash on delivery fee' };

/** The gross fee (minor units) the shop charges for a method; 0: none. */
export function methodFee(settings: Pick<PaymentSettings, 'codFee'>, methodId: string): number {
  return methodId === 'cod' ? (settings.codFee ?? 0) : 0;
}

function codDescription(fee: number): Localized {
  if (fee <= 0) {
    return {
      de: 'Sie bezahlen bar bei der Zustellung; der Zusteller erhebt eine eigene Gebühr.',
      en: 'Pay with cash upon delivery; the carrier charges its own fee.',
    };
  }
  return {
    de: `Sie bezahlen bar bei der Zustellung. Wir berechnen eine Nachnahmegebühr von ${eurosOfCents(fee, 'de')} €.`,
    en: `Pay with cash upon delivery. We charge a cash on delivery fee of €${eurosOfCents(fee, 'en')}.`,
  };
}

const offlineOutcome = (
  orderStatus: PaymentOutcome['orderStatus'],
  details: PaymentOutcome['details'] = [],
): PaymentOutcome => ({ status: 'success', orderStatus, redirect: null, details, paid: false });

/** The three offline methods under the shop's settings, in WooCommerce's ids. */
export function offlineMethods(settings: PaymentSettings): PaymentMethod[] {
  return [
    {
      // Vorkasse: nothing ships until the money is in; the order waits on hold.
      id: 'bacs',
      title: { de: 'Vorkasse (Überweisung)', en: 'Direct bank transfer' },
      description: {
        de: 'Überweisen Sie den Betrag nach der Bestellung auf unser Konto. Verwendungszweck: Ihre Bestellnummer. Wir versenden, sobald das Geld eingegangen ist.',
        en: 'Transfer the amount to our bank account after ordering, with your order number as the reference. We ship once the money has arrived.',
      },
      orderButtonText: null,
      isAvailable: () => settings.bankAccount.iban !== '',
      placedStatus: 'on-hold',
      process: async (order) => offlineOutcome('on-hold', bankTransferDetails(settings, order)),
    },
    {
      id: 'invoice',
      title: { de: 'Kauf auf Rechnung', en: 'Pay by invoice' },
      description: {
        de: 'Sie bezahlen nach Erhalt der Ware innerhalb von 14 Tagen per Überweisung.',
        en: 'You pay by bank transfer within 14 days of receiving the goods.',
      },
      orderButtonText: null,
      isAvailable: (ctx) => ctx.total <= settings.invoiceLimit,
      placedStatus: 'processing',
      process: async () => offlineOutcome('processing'),
    },
    {
      id: 'cod',
      title: { de: 'Nachnahme', en: 'Cash on delivery' },
      description: codDescription(methodFee(settings, 'cod')),
      orderButtonText: null,
      isAvailable: (ctx) =>
        ctx.needsShipping &&
        (settings.codCountries.length === 0 || settings.codCountries.includes(ctx.country)),
      placedStatus: 'processing',
      process: async () => offlineOutcome('processing'),
    },
  ];
}
