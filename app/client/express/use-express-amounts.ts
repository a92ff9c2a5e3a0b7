// The amounts the wallets show: the page's to begin with, then, on the product page, the
// server's answer for the chosen variation and quantity (payments spec section 5).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '#app/lib/i18n.ts';
import type { ExpressCheckoutParams } from '#app/domain/payments/stripe/express.view.ts';
import { providerDecimals, toProviderAmount } from '#app/domain/payments/stripe/provider-amount.ts';
import {
  type ExpressNonces,
  type Totals,
  expressAjax,
  selectedProductFields,
} from './express-calls.ts';
import { QUANTITY_DEBOUNCE_MS, validVariation } from './express.rules.ts';
import { type Live, fromTotals } from './wallet-sheet.ts';

/** The quantity in the add-to-cart form; 1 when it holds nothing usable. */
export function readQuantity(formId: string): number {
  const form = document.getElementById(formId);
  const input = form?.querySelector<HTMLInputElement>('[name="quantity"]');
  const n = Number.parseInt(input?.value ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** The amounts, their setter, the last lookup's failure and whether a sheet shows. */
export type ExpressAmounts = ReturnType<typeof useExpressAmounts>;

export function useExpressAmounts(
  params: ExpressCheckoutParams,
  /** The product page's variation, attributes, unit price and add-to-cart form. */
  product:
    | {
        variationId: number | null;
        attributes: Record<string, string>;
        unitPrice: number | null;
        formId: string;
      }
    | undefined,
  nonces: ExpressNonces,
) {
  const { t } = useI18n();
  // Minor units to the provider's decimals.
  const toProvider = (minor: number) =>
    toProviderAmount(
      minor,
      params.checkout.currency_minor_unit,
      providerDecimals(params.checkout.currency_code),
    );
  const variationKey = String(product?.variationId ?? 0);
  const [answered, setAnswered] = useState<{ key: string; live: Live }>(() => ({
    key: variationKey,
    live: {
      total: toProvider(params.cart_total),
      displayItems: params.display_items,
      requestShipping: params.request_shipping,
    },
  }));
  const unitPrice = product?.unitPrice ?? null;
  // A newly chosen variation shows its price at once; the server's answer follows.
  const live: Live =
    params.product?.needs_variation && answered.key !== variationKey && unitPrice !== null
      ? { total: toProvider(unitPrice), displayItems: [], requestShipping: params.request_shipping }
      : answered.live;
  const setLive = useCallback(
    (next: Live) => setAnswered({ key: variationKey, live: next }),
    [variationKey],
  );
  const quantityError = useRef<string | null>(null);
  // While a sheet is open its amount is the one the shopper sees and pays: late product
  // lookups must not replace it.
  const sheetOpenRef = useRef(false);

  // Product page: the chosen variation and quantity set the amounts (debounced, spec §5).
  const variationId = product?.variationId ?? null;
  const attributesKey = JSON.stringify(product?.attributes ?? {});
  const formId = product?.formId ?? null;
  const productId = params.product?.id ?? null;
  useEffect(() => {
    if (formId === null || productId === null) return;
    if (params.product?.needs_variation && !validVariation(variationId)) return;
    const form = document.getElementById(formId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let round = 0;
    const lookup = async () => {
      const mine = ++round;
      const quantity = readQuantity(formId);
      const answer = await expressAjax<Totals>(
        params,
        'get_selected_product_data',
        selectedProductFields({
          productId,
          quantity,
          attributes: JSON.parse(attributesKey) as Record<string, string>,
        }),
        await nonces.get('get_selected_product_data'),
        t,
      );
      if (mine !== round || sheetOpenRef.current) return;
      if (!answer.ok) {
        quantityError.current = answer.message || t('express.error.product_info');
        return;
      }
      quantityError.current = null;
      setLive(fromTotals(answer.data, params.request_shipping));
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void lookup(), QUANTITY_DEBOUNCE_MS);
    };
    if (params.product?.needs_variation) schedule();
    const onQuantity = (event: Event) => {
      if ((event.target as HTMLInputElement | null)?.name === 'quantity') schedule();
    };
    form?.addEventListener('input', onQuantity);
    form?.addEventListener('change', onQuantity);
    return () => {
      clearTimeout(timer);
      round++;
      form?.removeEventListener('input', onQuantity);
      form?.removeEventListener('change', onQuantity);
    };
  }, [variationId, attributesKey, formId, productId, params, nonces, t, setLive]);

  return { live, setLive, quantityError, sheetOpenRef };
}
