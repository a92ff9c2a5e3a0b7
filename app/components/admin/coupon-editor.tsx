import { Form, Link } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { Money } from '#app/components/ui/price.tsx';
import {
  COUPON_KINDS,
  type CouponEditorAnswer,
  type CouponFormField,
  type CouponFormList,
  type CouponOrderRow,
  couponControlId,
} from '#app/domain/coupons/admin-coupons.view.ts';
import { type TextKey, formatDate, useI18n } from '#app/lib/i18n.ts';
import { TypedCheckbox, TypedInput, type TypedForm } from './typed-fields.tsx';

type Ctx = TypedForm & { lists: Record<string, string[]> };

function useLabel() {
  const { t } = useI18n();
  return (name: string) => t(`admin.coupons.f.${name}` as TextKey);
}

function useHelp() {
  const { t } = useI18n();
  return (name: string) => t(`admin.coupons.help.${name}` as TextKey);
}

function TextInput({
  ctx,
  name,
  help,
  ...rest
}: {
  ctx: Ctx;
  name: CouponFormField;
  required?: boolean;
  inputMode?: 'decimal' | 'numeric';
  type?: 'text' | 'date';
  help?: boolean;
}) {
  const label = useLabel();
  const helpText = useHelp();
  return (
    <TypedInput
      form={ctx}
      name={name}
      id={couponControlId(name)}
      label={label(name)}
      help={help ? helpText(name) : undefined}
      {...rest}
    />
  );
}

function Checkbox({ ctx, name }: { ctx: Ctx; name: CouponFormField }) {
  const label = useLabel();
  const helpText = useHelp();
  return (
    <TypedCheckbox
      form={ctx}
      name={name}
      id={couponControlId(name)}
      label={label(name)}
      help={helpText(name)}
    />
  );
}

function CategorySelect({
  ctx,
  name,
  categories,
}: {
  ctx: Ctx;
  name: CouponFormList;
  categories: { id: number; name: string }[];
}) {
  const label = useLabel();
  const helpText = useHelp();
  return (
    <Field
      id={couponControlId(name)}
      label={label(name)}
      error={ctx.errorOf(name)}
      help={helpText('categories')}
    >
      {(control) => (
        <select
          {...control}
          name={name}
          multiple
          size={Math.min(6, Math.max(3, categories.length))}
          defaultValue={ctx.lists[name] ?? []}
        >
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The coupon editor: every rule the cart applies, in WooCommerce's three groups. */
export function CouponEditorForm({
  values,
  lists,
  categories,
  products,
  security,
  answer,
}: {
  values: Record<string, string>;
  lists: Record<string, string[]>;
  categories: { id: number; name: string }[];
  products: { id: number; name: string }[];
  security: string;
  answer: CouponEditorAnswer | undefined;
}) {
  const { t } = useI18n();
  const label = useLabel();
  const typed = answer?.values ? { ...values, ...answer.values } : values;
  const errors = new Map((answer?.errors ?? []).map((e) => [e.field, e.message]));
  const ctx: Ctx = {
    typed,
    lists: answer?.lists ?? lists,
    errorOf: (name) => errors.get(couponControlId(name)),
  };
  return (
    <Form method="post" className="admin-coupon-form" noValidate>
      <input type="hidden" name="security" value={security} />
      <section className="admin-card" aria-labelledby="coupon-general">
        <h2 id="coupon-general">{t('admin.coupons.section.general')}</h2>
        <TextInput ctx={ctx} name="code" required help />
        <Field
          id={couponControlId('description')}
          label={label('description')}
          error={ctx.errorOf('description')}
        >
          {(control) => (
            <textarea
              {...control}
              name="description"
              rows={2}
              defaultValue={typed.description ?? ''}
            />
          )}
        </Field>
        <Field
          id={couponControlId('discount_type')}
          label={label('discount_type')}
          error={ctx.errorOf('discount_type')}
        >
          {(control) => (
            <select {...control} name="discount_type" defaultValue={typed.discount_type}>
              {COUPON_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`admin.coupons.kind.${kind}` as TextKey)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextInput ctx={ctx} name="coupon_amount" inputMode="decimal" help />
        <Checkbox ctx={ctx} name="free_shipping" />
        <TextInput ctx={ctx} name="expiry_date" type="date" help />
      </section>
      <section className="admin-card" aria-labelledby="coupon-restrictions">
        <h2 id="coupon-restrictions">{t('admin.coupons.section.restrictions')}</h2>
        <TextInput ctx={ctx} name="minimum_amount" inputMode="decimal" help />
        <TextInput ctx={ctx} name="maximum_amount" inputMode="decimal" help />
        <Checkbox ctx={ctx} name="individual_use" />
        <Checkbox ctx={ctx} name="exclude_sale_items" />
        <TextInput ctx={ctx} name="product_ids" help />
        <TextInput ctx={ctx} name="exclude_product_ids" help />
        {products.length > 0 && (
          <div className="admin-coupon-products">
            <h3>{t('admin.coupons.named_products')}</h3>
            <ul>
              {products.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/products/${p.id}`}>
                    #{p.id} {p.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        <CategorySelect ctx={ctx} name="product_categories" categories={categories} />
        <CategorySelect ctx={ctx} name="exclude_product_categories" categories={categories} />
        <TextInput ctx={ctx} name="customer_email" help />
      </section>
      <section className="admin-card" aria-labelledby="coupon-limits">
        <h2 id="coupon-limits">{t('admin.coupons.section.limits')}</h2>
        <TextInput ctx={ctx} name="usage_limit" inputMode="numeric" help />
        <TextInput ctx={ctx} name="usage_limit_per_user" inputMode="numeric" help />
        <TextInput ctx={ctx} name="limit_usage_to_x_items" inputMode="numeric" help />
      </section>
      <p className="admin-coupon-actions">
        <button type="submit" className="button">
          {t('admin.coupons.save')}
        </button>
      </p>
    </Form>
  );
}

/** How often the coupon was used, and the orders that used it. */
export function CouponUsage({
  id,
  usage,
}: {
  id: number;
  usage: {
    count: number;
    limit: number | null;
    expired: boolean;
    orders: CouponOrderRow[];
    ordersTotal: number;
  };
}) {
  const { t, locale } = useI18n();
  return (
    <section className="admin-card admin-coupon-usage" aria-labelledby="coupon-usage">
      <h2 id="coupon-usage">{t('admin.coupons.section.usage')}</h2>
      <p>
        {usage.limit === null
          ? t('admin.coupons.used', { count: usage.count })
          : t('admin.coupons.used_of', { count: usage.count, limit: usage.limit })}
        {usage.expired && ` ${t('admin.coupons.expired_note')}`}
      </p>
      {usage.orders.length === 0 ? (
        <p>{t('admin.coupons.no_orders')}</p>
      ) : (
        <div
          className="admin-table-wrap"
          role="region"
          tabIndex={0}
          aria-labelledby="coupon-orders-caption"
        >
          <table className="admin-table">
            <caption id="coupon-orders-caption">
              {t('admin.coupons.orders_caption', {
                shown: usage.orders.length,
                total: usage.ordersTotal,
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.coupons.col.order')}</th>
                <th scope="col">{t('admin.coupons.col.date')}</th>
                <th scope="col">{t('admin.coupons.status')}</th>
                <th scope="col" className="num">
                  {t('admin.coupons.col.discount')}
                </th>
                <th scope="col" className="num">
                  {t('admin.coupons.col.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {usage.orders.map((o) => (
                <tr key={o.id}>
                  <th scope="row">
                    <Link to={`/admin/orders/${o.id}`}>#{o.number}</Link>
                  </th>
                  <td>
                    <time dateTime={o.createdAt}>{formatDate(o.createdAt, locale)}</time>
                  </td>
                  <td>{o.status}</td>
                  <td className="num">
                    <Money amount={o.discount} />
                  </td>
                  <td className="num">
                    <Money amount={o.total} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to={`/admin/coupons/${id}/delete`} className="admin-coupon-delete">
          {t('admin.coupons.delete')}
        </Link>
      </p>
    </section>
  );
}
