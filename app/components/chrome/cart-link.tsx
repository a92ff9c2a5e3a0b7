import { Link } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import { usePersonal } from '#app/lib/personal.ts';
import { Icon } from '../icon.tsx';

/**
 * The header's cart link with the number of items: a personal part of every page, filled in
 * per visitor by the server (app/http/personal.server.ts), so it reads nothing but its data.
 */
export function CartLink() {
  const { t } = useI18n();
  const { cartCount: count } = usePersonal();
  return (
    <Link
      to="/cart"
      className="header-action cart-link"
      aria-label={t('nav.cart_count', { count })}
    >
      <Icon name="cart" />
      {/* The space keeps word and number apart in the visible text, which the name
          ("Warenkorb, 2 Artikel") must contain for speech input (WCAG 2.5.3). */}
      <span className="header-action-label" aria-hidden="true">
        {t('nav.cart')}
      </span>{' '}
      <span className="cart-count" aria-hidden="true" data-testid="cart-count">
        {count}
      </span>
    </Link>
  );
}
