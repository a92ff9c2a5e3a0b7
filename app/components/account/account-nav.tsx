import type { ReactNode } from 'react';
import { usePersonal } from '#app/components/personal.ts';
import { useCurrency } from '#app/components/ui/price.tsx';
import { canEditContent } from '#app/domain/customers/identity.view.ts';
import { Form, NavLink, useLocation } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';

const LINKS = [
  { to: '/my-account', key: 'account.nav.dashboard', end: true },
  { to: '/my-account/orders', key: 'account.nav.orders', end: false },
  {
    to: '/my-account/subscriptions',
    key: 'account.nav.subscriptions',
    end: false,
    also: '/my-account/view-subscription/',
  },
  { to: '/my-account/edit-address', key: 'account.nav.addresses', end: false },
  {
    to: '/my-account/payment-methods',
    key: 'account.nav.payment_methods',
    end: false,
    also: '/my-account/add-payment-method',
  },
  { to: '/my-account/edit-account', key: 'account.nav.details', end: false },
] as const;

/** What a shop manager looks after from the account. */
const STAFF_LINKS = [
  { to: '/admin', key: 'account.nav.back_office' },
  { to: '/admin/reviews', key: 'account.nav.reviews' },
  { to: '/admin/legal-pages', key: 'account.nav.legal_pages' },
] as const;

/** The account's navigation; logging out is a form (POST with the session's token). */
export function AccountNav({ security }: { security: string }) {
  const { t } = useI18n();
  const staff = canEditContent(usePersonal(useCurrency()).viewer);
  const { pathname } = useLocation();
  return (
    <nav className="account-nav" aria-label={t('account.nav_label')}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              // The add page belongs to the list it returns to.
              className={({ isActive }) =>
                isActive || ('also' in link && pathname.startsWith(link.also)) ? 'active' : ''
              }
            >
              {t(link.key)}
            </NavLink>
          </li>
        ))}
        {staff &&
          STAFF_LINKS.map((link) => (
            <li key={link.to} className="account-nav-staff">
              <NavLink to={link.to}>{t(link.key)}</NavLink>
            </li>
          ))}
        <li>
          <Form method="post" action="/my-account/logout" reloadDocument>
            <input type="hidden" name="security" value={security} />
            <button type="submit" className="account-logout">
              {t('account.nav.logout')}
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}

/** An account page: heading, navigation beside (or above, on small screens) the content. */
export function AccountLayout({
  title,
  security,
  children,
}: {
  title: string;
  security: string;
  children: ReactNode;
}) {
  return (
    <div className="container account-page">
      <h1>{title}</h1>
      <div className="account-layout">
        <AccountNav security={security} />
        <div className="account-content">{children}</div>
      </div>
    </div>
  );
}
