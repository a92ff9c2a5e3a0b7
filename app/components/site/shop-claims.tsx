import { useRouteLoaderData } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import type { RootData } from '#app/root.tsx';

/**
 * The shop-wide promises the settings bear out, as the root loader read them: free shipping
 * in the shop's country (null when its zone offers none) and whether card payment is on.
 */
export function useShopClaims(): { freeShipping: string | null; securePayment: boolean } {
  const { t } = useI18n();
  const claims = useRouteLoaderData<RootData>('root')?.claims;
  const free = claims?.freeShipping ?? null;
  return {
    freeShipping: !free
      ? null
      : free.from === null
        ? t('home.usp_shipping_free')
        : t('home.usp_shipping', { amount: free.from }),
    securePayment: claims?.cardPayment ?? false,
  };
}
