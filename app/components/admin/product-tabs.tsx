import { NavLink } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';

export type ProductTab = 'general' | 'variations' | 'pictures' | 'stock';

/**
 * The sections of one product in the back office, each its own page so that each saves on its
 * own: the product's fields, its variations (variable products only), its pictures and its
 * stock history.
 */
export function ProductTabs({ productId, variable }: { productId: number; variable: boolean }) {
  const { t } = useI18n();
  const base = `/admin/products/${productId}`;
  const tabs: { tab: ProductTab; to: string }[] = [
    { tab: 'general', to: base },
    ...(variable ? [{ tab: 'variations' as const, to: `${base}/variations` }] : []),
    { tab: 'pictures', to: `${base}/pictures` },
    { tab: 'stock', to: `${base}/stock` },
  ];
  return (
    <nav aria-label={t('admin.productTabs.label')} className="admin-product-tabs">
      <ul>
        {tabs.map(({ tab, to }) => (
          <li key={tab}>
            <NavLink to={to} end>
              {t(`admin.productTabs.${tab}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
