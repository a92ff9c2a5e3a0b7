import { type ReactNode, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';

/** The back office's sections; only pages that exist are listed. */
const SECTIONS: { to: string; key: TextKey; end?: boolean; administrator?: true }[] = [
  { to: '/admin', key: 'admin.dashboard', end: true },
  { to: '/admin/orders', key: 'admin.orders' },
  { to: '/admin/reports', key: 'admin.reports.nav' },
  { to: '/admin/customers', key: 'admin.customers.nav' },
  { to: '/admin/coupons', key: 'admin.coupons.nav' },
  { to: '/admin/products', key: 'admin.stock.nav' },
  // Categories, tags, attributes and the other lists; a sub-navigation links the rest.
  { to: '/admin/products/categories', key: 'admin.catalogLists.nav' },
  { to: '/admin/reviews', key: 'admin.reviews' },
  { to: '/admin/forms', key: 'admin.forms.nav' },
  { to: '/admin/legal-pages', key: 'admin.legal_pages' },
  // The settings sections sit under /admin/settings, whose front page lists them.
  { to: '/admin/settings', key: 'admin.settings.nav' },
  { to: '/admin/staff', key: 'admin.staff.nav', administrator: true },
  { to: '/admin/api-keys', key: 'admin.apiKeys.nav', administrator: true },
  { to: '/admin/webhooks', key: 'admin.webhooks.nav', administrator: true },
];

/**
 * The frame of every back-office page: a top bar, the side navigation and the page. On a narrow
 * screen the navigation folds behind a button once the script runs; without it, it stays open.
 */
export function AdminFrame({
  staffName,
  administrator,
  children,
}: {
  staffName: string;
  /** Administrators also see staff and API keys. */
  administrator: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const scripted = useHydrated();
  const { pathname } = useLocation();
  // Open for the page it was opened on: following a link folds it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return (
    <div className="admin">
      <header className="admin-bar">
        <Link to="/admin" className="admin-brand">
          {t('shop.name')} · {t('admin.title')}
        </Link>
        <span className="admin-user">{t('admin.signed_in_as', { name: staffName })}</span>
        <a href="/" className="admin-to-shop">
          {t('admin.to_shop')}
        </a>
      </header>
      <div className="admin-body">
        <nav
          className={`admin-nav${scripted ? ' is-collapsible' : ''}${open ? ' is-open' : ''}`}
          aria-label={t('admin.nav')}
        >
          {scripted && (
            <button
              type="button"
              className="admin-nav-toggle"
              aria-expanded={open}
              aria-controls="admin-nav-list"
              onClick={() => setOpenOn(open ? null : pathname)}
            >
              {t('admin.menu')}
            </button>
          )}
          <ul id="admin-nav-list" className="admin-nav-list">
            {SECTIONS.filter((s) => administrator || !s.administrator).map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end}>
                  {t(section.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="admin-main">
          {children}
        </main>
      </div>
    </div>
  );
}

export type Crumb = { label: string; to?: string };

/** A page of the back office: breadcrumbs (the dashboard first), its h1, then its content. */
export function AdminPage({
  title,
  crumbs,
  actions,
  className,
  children,
}: {
  title: string;
  crumbs?: Crumb[];
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const trail: Crumb[] = [{ label: t('admin.dashboard'), to: '/admin' }, ...(crumbs ?? [])];
  return (
    <div className={`admin-page${className ? ` ${className}` : ''}`}>
      {crumbs && (
        <nav aria-label={t('admin.breadcrumb')} className="admin-crumbs">
          <ol>
            {trail.map((crumb, i) => (
              <li key={i}>{crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : crumb.label}</li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      )}
      <div className="admin-heading">
        <h1>{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
