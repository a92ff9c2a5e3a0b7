import { Link } from 'react-router';
import { Notice } from '#app/components/ui/notice.tsx';
import type { CartActionData } from '#app/domain/cart/cart-form.view.ts';
import { useI18n } from '#app/lib/i18n.ts';

/** The answer to an add to cart: the message, and the way to the cart after a success. */
export function CartResultNotice({ result }: { result: CartActionData | undefined }) {
  const { t } = useI18n();
  if (!result) return null;
  return (
    <Notice kind={result.ok ? 'success' : 'error'}>
      {result.message}{' '}
      {result.ok && (
        <Link to="/cart" className="notice-action">
          {t('product.view_cart')}
        </Link>
      )}
    </Notice>
  );
}
