import { Form, Link } from 'react-router';
import {
  ADMIN_PRODUCT_SORTS,
  ADMIN_PRODUCT_STATUSES,
  ADMIN_PRODUCT_TYPES,
  ADMIN_STOCK_FILTERS,
  type AdminProductQuery,
  BULK_PRODUCT_ACTIONS,
  type FilterChoice,
  PRICE_CHANGES,
  adminProductParams,
  adminProductsHref,
} from '#app/domain/catalog/product-admin.view.ts';
import { TAX_CLASSES } from '#app/domain/pricing/tax.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';

export type ProductOptions = { categories: FilterChoice[]; deliveryTimes: FilterChoice[] };

export const BULK_FORM = 'admin-product-bulk';
export const PRODUCT_SEARCH_ID = 'admin-product-search';

/** Hidden fields that keep the rest of the list's state when one of its GET forms is sent. */
function Keep({ query, names }: { query: AdminProductQuery; names: string[] }) {
  const params = adminProductParams({ ...query, after: null, before: null });
  return (
    <>
      {[...params]
        .filter(([name]) => names.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/** A plain GET form: searching works before the script loads, and the URL keeps the state. */
export function ProductSearch({ query }: { query: AdminProductQuery }) {
  const { t } = useI18n();
  return (
    <Form method="get" action="/admin/products" role="search" className="admin-search">
      <Keep
        query={query}
        names={['category', 'type', 'stock', 'on_sale', 'status', 'sort', 'dir']}
      />
      <label htmlFor={PRODUCT_SEARCH_ID}>{t('admin.products.search_label')}</label>
      <input
        id={PRODUCT_SEARCH_ID}
        type="search"
        name="q"
        defaultValue={query.search}
        maxLength={100}
        aria-describedby="admin-product-search-hint"
        aria-keyshortcuts="/"
      />
      <button type="submit" className="button">
        {t('admin.search_submit')}
      </button>
      {query.search && (
        <Link to={adminProductsHref({ ...query, search: '', after: null, before: null })}>
          {t('admin.search_clear')}
        </Link>
      )}
      <p id="admin-product-search-hint" className="admin-hint">
        {t('admin.products.search_hint')}
      </p>
    </Form>
  );
}

function Choice({
  name,
  label,
  value,
  options,
  any = true,
}: {
  name: string;
  label: string;
  value: string | null;
  options: FilterChoice[];
  any?: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="admin-filter">
      <label htmlFor={`admin-product-${name}`}>{label}</label>
      {/* `selected` on the option: the server's markup shows the choice before the script runs. */}
      <select id={`admin-product-${name}`} name={name}>
        {any && (
          <option value="" selected={!value}>
            {t('admin.list.any')}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value} selected={o.value === value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Category, type, stock status, sale, publish state and sort: a GET form, so links keep them. */
export function ProductFilters({
  query,
  options,
}: {
  query: AdminProductQuery;
  options: ProductOptions;
}) {
  const { t } = useI18n();
  const labelled = (list: readonly string[], prefix: string) =>
    list.map((value) => ({ value, label: t(`${prefix}.${value}` as TextKey) }));
  const sorts = ADMIN_PRODUCT_SORTS.flatMap((s) =>
    (['asc', 'desc'] as const).map((d) => `${s}_${d}`),
  );
  return (
    <Form
      method="get"
      action="/admin/products"
      className="admin-filters"
      aria-labelledby="admin-product-filters-title"
    >
      <h2 id="admin-product-filters-title" className="visually-hidden">
        {t('admin.list.filters')}
      </h2>
      <Keep query={query} names={['q']} />
      <Choice
        name="category"
        label={t('admin.products.filter.category')}
        value={query.category ? String(query.category) : null}
        options={options.categories}
      />
      <Choice
        name="type"
        label={t('admin.products.filter.type')}
        value={query.type}
        options={labelled(ADMIN_PRODUCT_TYPES, 'admin.products.type')}
      />
      <Choice
        name="stock"
        label={t('admin.products.filter.stock')}
        value={query.stock}
        options={labelled(ADMIN_STOCK_FILTERS, 'admin.products.stock')}
      />
      <Choice
        name="status"
        label={t('admin.products.filter.status')}
        value={query.status}
        options={labelled(ADMIN_PRODUCT_STATUSES, 'admin.products.status')}
      />
      <Choice
        name="sort"
        label={t('admin.products.filter.sort')}
        value={`${query.sort}_${query.dir}`}
        options={labelled(sorts, 'admin.products.sort')}
        any={false}
      />
      <div className="admin-filter admin-filter-check">
        <label>
          <input type="checkbox" name="on_sale" value="1" defaultChecked={query.onSale} />{' '}
          {t('admin.products.filter.on_sale')}
        </label>
      </div>
      <div className="admin-filter-actions">
        <button type="submit" className="button">
          {t('admin.list.apply_filters')}
        </button>
        <Link to={adminProductsHref({ search: query.search })}>{t('admin.list.reset')}</Link>
      </div>
    </Form>
  );
}

/**
 * The bulk form: one change for the ticked products. The rows' checkboxes belong to it through
 * their `form` attribute, so it works without the script; every value field is always there
 * and only the chosen change's fields are read.
 */
export function ProductBulkBar({
  query,
  security,
  options,
}: {
  query: AdminProductQuery;
  security: string;
  options: ProductOptions;
}) {
  const { t } = useI18n();
  const field = (id: string, label: string, control: React.ReactNode) => (
    <div className="admin-filter">
      <label htmlFor={id}>{label}</label>
      {control}
    </div>
  );
  return (
    <Form
      method="post"
      action={adminProductsHref(query)}
      id={BULK_FORM}
      className="admin-filters admin-product-bulk"
      aria-labelledby="admin-product-bulk-title"
    >
      <h2 id="admin-product-bulk-title" className="visually-hidden">
        {t('admin.products.bulk')}
      </h2>
      <input type="hidden" name="security" value={security} />
      {field(
        'admin-product-bulk-action',
        t('admin.products.bulk_action'),
        <select id="admin-product-bulk-action" name="bulk_action" required>
          <option value="" disabled selected>
            {t('admin.list.bulk_choose')}
          </option>
          {BULK_PRODUCT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`admin.products.bulk.${action}` as TextKey)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'admin-product-price-change',
        t('admin.products.price_change'),
        <select id="admin-product-price-change" name="price_change">
          {PRICE_CHANGES.map((c) => (
            <option key={c} value={c}>
              {t(`admin.products.price_change.${c}` as TextKey)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'admin-product-price-value',
        t('admin.products.price_value'),
        <input
          id="admin-product-price-value"
          name="price_value"
          inputMode="decimal"
          maxLength={20}
          size={8}
        />,
      )}
      {field(
        'admin-product-price-unit',
        t('admin.products.price_unit'),
        <select id="admin-product-price-unit" name="price_unit">
          <option value="amount">{t('admin.products.price_unit.amount')}</option>
          <option value="percent">{t('admin.products.price_unit.percent')}</option>
        </select>,
      )}
      {field(
        'admin-product-stock-quantity',
        t('admin.products.stock_quantity'),
        <input
          id="admin-product-stock-quantity"
          name="stock_quantity"
          inputMode="numeric"
          maxLength={10}
          size={6}
        />,
      )}
      {field(
        'admin-product-bulk-category',
        t('admin.products.bulk_category'),
        <select id="admin-product-bulk-category" name="category_id">
          {options.categories.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>,
      )}
      {field(
        'admin-product-bulk-delivery',
        t('admin.products.bulk_delivery_time'),
        <select id="admin-product-bulk-delivery" name="delivery_time_id">
          <option value="none">{t('admin.products.no_delivery_time')}</option>
          {options.deliveryTimes.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>,
      )}
      {field(
        'admin-product-bulk-tax',
        t('admin.products.bulk_tax_class'),
        <select id="admin-product-bulk-tax" name="tax_class">
          {TAX_CLASSES.map((c) => (
            <option key={c} value={c}>
              {t(`admin.products.tax.${c}` as TextKey)}
            </option>
          ))}
        </select>,
      )}
      <div className="admin-filter-actions">
        <button type="submit" className="button">
          {t('admin.list.bulk_apply')}
        </button>
      </div>
      <p className="admin-hint">{t('admin.products.bulk_hint')}</p>
    </Form>
  );
}
