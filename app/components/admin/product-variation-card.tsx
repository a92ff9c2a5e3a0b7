import { Form } from 'react-router';
import type { VariationsAnswer } from '#app/domain/catalog/variations-admin.view.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { Hidden, type TabVariation } from './product-variations.tsx';

type Choice = { id: number; label: string };

function Text({
  id,
  name,
  label,
  value,
  placeholder,
  error,
  kind = 'text',
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  placeholder?: string;
  error?: string;
  kind?: 'text' | 'date' | 'decimal' | 'numeric';
}) {
  return (
    <span className="variations-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={kind === 'date' ? 'date' : 'text'}
        inputMode={kind === 'decimal' || kind === 'numeric' ? kind : undefined}
        defaultValue={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </span>
  );
}

function Select({
  id,
  name,
  label,
  value,
  options,
  inherit,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  inherit: string;
}) {
  return (
    <span className="variations-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{inherit}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}

export function VariationCard({
  variation,
  security,
  parentPrice,
  pictures,
  deliveryTimes,
  depositTypes,
  refused,
}: {
  variation: TabVariation;
  security: string;
  parentPrice: string;
  pictures: { id: number; key: string; alt: string }[];
  deliveryTimes: Choice[];
  depositTypes: Choice[];
  refused: VariationsAnswer | undefined;
}) {
  const { t } = useI18n();
  const mine = refused?.intent === 'variation' && refused.variationId === variation.id;
  const values = mine && refused.values ? refused.values : variation.values;
  const errorOf = (field: string) =>
    mine ? refused.errors?.find((e) => e.field === field)?.message : undefined;
  const id = (field: string) => `v${variation.id}-${field}`;
  const inherit = t('admin.variations.inherit');
  const text = (
    field: string,
    kind?: 'text' | 'date' | 'decimal' | 'numeric',
    placeholder = inherit,
  ) => (
    <Text
      id={id(field)}
      name={field}
      label={t(`admin.variations.field_${field}` as TextKey)}
      value={values[field] ?? ''}
      placeholder={placeholder}
      error={errorOf(field)}
      kind={kind}
    />
  );
  const headingId = `v${variation.id}-heading`;
  return (
    <article className="variations-card" aria-labelledby={headingId}>
      <header className="variations-card-head">
        <input
          type="checkbox"
          name="ids"
          value={variation.id}
          form="variations-bulk-form"
          id={id('check')}
          aria-label={t('admin.variations.check', { name: variation.label })}
        />
        <h3 id={headingId}>
          <label htmlFor={id('check')}>{variation.label}</label>
        </h3>
        {variation.stockStatus === 'outofstock' && (
          <span className="variations-badge">{t('admin.variations.sold_out')}</span>
        )}
      </header>
      <Form method="post" aria-labelledby={headingId}>
        <Hidden security={security} version={variation.version} intent="variation" />
        <input type="hidden" name="variation_id" value={variation.id} />
        <input type="hidden" name="present" value="1" />
        <div className="variations-grid">
          <span className="variations-field variations-check">
            <input
              type="checkbox"
              id={id('enabled')}
              name="enabled"
              value="yes"
              defaultChecked={values.enabled === 'yes'}
            />
            <label htmlFor={id('enabled')}>{t('admin.variations.field_enabled')}</label>
          </span>
          {text('regular_price', 'decimal', parentPrice ? `${inherit}: ${parentPrice}` : inherit)}
          {text('sale_price', 'decimal', '')}
          {text('sku')}
          <span className="variations-field variations-check">
            <input
              type="checkbox"
              id={id('manage_stock')}
              name="manage_stock"
              value="yes"
              defaultChecked={values.manage_stock === 'yes'}
            />
            <label htmlFor={id('manage_stock')}>{t('admin.variations.field_manage_stock')}</label>
          </span>
          {text('stock_quantity', 'numeric')}
          <Select
            id={id('delivery_time_id')}
            name="delivery_time_id"
            label={t('admin.variations.field_delivery_time_id')}
            value={values.delivery_time_id ?? ''}
            options={deliveryTimes.map((d) => ({ value: String(d.id), label: d.label }))}
            inherit={inherit}
          />
        </div>
        <details className="variations-more">
          <summary>{t('admin.variations.more_fields')}</summary>
          <div className="variations-grid">
            {text('sale_from', 'date', '')}
            {text('sale_to', 'date', '')}
            <Select
              id={id('backorders')}
              name="backorders"
              label={t('admin.variations.field_backorders')}
              value={values.backorders ?? ''}
              options={['no', 'notify', 'yes'].map((b) => ({
                value: b,
                label: t(`admin.variations.backorders_${b}` as TextKey),
              }))}
              inherit={inherit}
            />
            {text('gtin')}
            <Select
              id={id('image_id')}
              name="image_id"
              label={t('admin.variations.field_image_id')}
              value={values.image_id ?? ''}
              options={pictures.map((p) => ({ value: String(p.id), label: p.alt || p.key }))}
              inherit={inherit}
            />
            {text('weight', 'decimal')}
            {text('unit')}
            {text('product_units', 'decimal')}
            {text('unit_base', 'decimal')}
            <Select
              id={id('deposit_type_id')}
              name="deposit_type_id"
              label={t('admin.variations.field_deposit_type_id')}
              value={values.deposit_type_id ?? ''}
              options={depositTypes.map((d) => ({ value: String(d.id), label: d.label }))}
              inherit={inherit}
            />
            {text('deposit_quantity', 'numeric')}
            <TextArea
              id={id('description_de')}
              name="description_de"
              label={t('admin.variations.field_description_de')}
              value={values.description_de ?? ''}
            />
            <TextArea
              id={id('description_en')}
              name="description_en"
              label={t('admin.variations.field_description_en')}
              value={values.description_en ?? ''}
            />
          </div>
        </details>
        <button type="submit" className="button">
          {t('admin.variations.save_variation', { name: variation.label })}
        </button>
      </Form>
    </article>
  );
}

function TextArea({
  id,
  name,
  label,
  value,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
}) {
  return (
    <span className="variations-field variations-wide">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} defaultValue={value} rows={3} />
    </span>
  );
}
