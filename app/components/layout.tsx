import { type Ref, useEffect, useRef } from 'react';
import { TestModeBadge } from './test-mode-badge.tsx';
import { Form, Link, NavLink, useLocation } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import { LOCALES } from '#app/lib/locale.ts';
import type { RootData } from '#app/root.tsx';
import { installAnchorScrolling } from '#app/client/scroll-to.ts';
import { useStickyHeader } from '#app/client/sticky-header.ts';
import { Icon } from './icon.tsx';
import { SearchForm } from './search/search-form.tsx';
import { BackToTop } from './chrome/back-to-top.tsx';
import { MobileMenu } from './chrome/mobile-menu.tsx';
import { GrowlRegion } from './ui/growl.tsx';
import { HeaderCart } from './cart/mini-cart.tsx';
import { HeaderAccount } from './account/header-account.tsx';
import { ConsentSettingsLink } from './site/consent.tsx';
import { useShopClaims } from './site/shop-claims.tsx';

/**
 * The header in its slot: the slot keeps the header's place in the page while the header is
 * stuck to the top of the screen, and is where "back to top" lands.
 */
export function SiteHeader({ data }: { data: RootData | undefined }) {
  const slotRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const stuck = useStickyHeader(slotRef, headerRef);
  return (
    <div className="header-slot" id="top" tabIndex={-1} ref={slotRef}>
      <HeaderBar data={data} stuck={stuck} headerRef={headerRef} />
    </div>
  );
}

function HeaderBar({
  data,
  stuck,
  headerRef,
}: {
  data: RootData | undefined;
  stuck: boolean;
  headerRef: Ref<HTMLElement>;
}) {
  const { t } = useI18n();
  const { freeShipping } = useShopClaims();
  return (
    <header className={`site-header${stuck ? ' is-stuck' : ''}`} ref={headerRef}>
      <div className="topbar">
        <div className="container topbar-inner">
          <span>{freeShipping}</span>
          {data?.stripeSandbox ? <TestModeBadge /> : null}
          <LanguageSwitcher />
        </div>
      </div>
      <div className="container header-main">
        <MobileMenu>
          <nav aria-label={t('nav.main')}>
            <MenuList menu={data?.menu ?? []} />
          </nav>
        </MobileMenu>
        <Link to="/" className="logo" aria-label={`${t('shop.name')} – ${t('nav.home')}`}>
          <Icon name="logo" />
          <span className="logo-text">{t('shop.name')}</span>
        </Link>
        <SearchForm />
        <nav className="header-actions" aria-label={t('nav.account')}>
          <HeaderAccount />
          <HeaderCart />
        </nav>
      </div>
      <CategoryMenu menu={data?.menu ?? []} />
    </header>
  );
}

function CategoryMenu({ menu }: { menu: RootData['menu'] }) {
  const { t } = useI18n();
  return (
    <nav className="category-nav" aria-label={t('nav.main')}>
      {/* Small screens use the menu button's drawer; without scripts this list stands in. */}
      <noscript>
        <details className="category-nav-toggle">
          <summary>
            <Icon name="menu" /> {t('nav.categories')}
          </summary>
          <MenuList menu={menu} />
        </details>
      </noscript>
      <div className="container category-nav-wide">
        <MenuList menu={menu} />
      </div>
    </nav>
  );
}

function MenuList({ menu }: { menu: RootData['menu'] }) {
  const { t } = useI18n();
  return (
    <ul className="menu">
      <li>
        <NavLink to="/shop" end>
          {t('nav.all_products')}
        </NavLink>
      </li>
      {menu.map((c) => (
        <li key={c.slug} className={c.children.length ? 'has-children' : undefined}>
          <NavLink to={`/product-category/${c.slug}`}>{c.name}</NavLink>
          {c.children.length > 0 && (
            <ul className="submenu">
              {c.children.map((s) => (
                <li key={s.slug}>
                  <NavLink to={`/product-category/${s.slug}`}>{s.name}</NavLink>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function LanguageSwitcher() {
  const { t, locale } = useI18n();
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/set-language"
      className="lang-switcher"
      aria-label={t('lang.switch')}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <span className="visually-hidden">{t('lang.label')}:</span>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="submit"
          name="lang"
          value={l}
          lang={l}
          aria-pressed={l === locale}
          className="lang-button"
        >
          <span aria-hidden="true">{l.toUpperCase()}</span>
          <span className="visually-hidden">{t(`lang.${l}`)}</span>
        </button>
      ))}
    </Form>
  );
}

/** The footer, the back-to-top link and the growl messages: the shell below every page. */
export function SiteFooter() {
  useEffect(() => installAnchorScrolling(), []);
  return (
    <>
      <FooterContent />
      <BackToTop />
      <GrowlRegion />
    </>
  );
}

function FooterContent() {
  const { t } = useI18n();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <div className="footer-brand">
            <Icon name="logo" /> {t('shop.name')}
          </div>
          <p>{t('shop.tagline')}</p>
        </div>
        <nav aria-label={t('footer.service')}>
          <h2>{t('footer.service')}</h2>
          <ul>
            <li>
              <Link to="/contact">{t('footer.contact')}</Link>
            </li>
            <li>
              <Link to="/rueckruf">{t('footer.callback')}</Link>
            </li>
            <li>
              <Link to="/versand-und-zahlung">{t('footer.shipping_payment')}</Link>
            </li>
            <li>
              <Link to="/my-account">{t('nav.account')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.legal')}>
          <h2>{t('footer.legal')}</h2>
          <ul>
            <li>
              <Link to="/impressum">{t('legal.impressum')}</Link>
            </li>
            <li>
              <Link to="/agb">{t('legal.agb')}</Link>
            </li>
            <li>
              <Link to="/widerruf">{t('legal.widerruf')}</Link>
            </li>
            <li>
              <Link to="/datenschutz">{t('legal.datenschutz')}</Link>
            </li>
            <li>
              <Link to="/versand-und-zahlung">{t('legal.versand-und-zahlung')}</Link>
            </li>
            <li>
              <Link to="/barrierefreiheit">{t('legal.barrierefreiheit')}</Link>
            </li>
            <li>
              <ConsentSettingsLink />
            </li>
            <li>
              <Link to="/vertrag-widerrufen" className="footer-withdrawal">
                {t('footer.withdrawal')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>{t('footer.vat_note')}</p>
        <p>{t('footer.copyright', { year: new Date().getFullYear(), name: t('shop.name') })}</p>
      </div>
    </footer>
  );
}
