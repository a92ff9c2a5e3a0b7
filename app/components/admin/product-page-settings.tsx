import { Fragment } from 'react';
import { Link } from 'react-router';
import {
  type ProductPageForm,
  type ProductPageNumberField,
  UNIT_PRICE_PLACE_FIELDS,
} from '#app/domain/cart/product-page-settings.rules.ts';
import type { SettingsAnswer } from '#app/domain/settings/shop-settings.view.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { Checkbox, FormFrame, NumberSetting, answered } from './shop-settings.tsx';

type BoxField = Exclude<keyof ProductPageForm, ProductPageNumberField | 'unit_price_places'>;

/**
 * The catalog and product page section: how variation swatches behave and what an add to cart
 * does. Each field says its default; reviews keep their own page.
 */
export function ProductPageSettingsForm({
  settings,
  defaults,
  limits,
  security,
  version,
  answer,
}: {
  settings: ProductPageForm;
  defaults: ProductPageForm;
  limits: Record<ProductPageNumberField, { min: number; max: number }>;
  security: string;
  version: string;
  answer: SettingsAnswer | undefined;
}) {
  const { t } = useI18n();
  const { errorOf, typed } = answered(answer);
  const onOff = (on: boolean) => t(on ? 'admin.shopSettings.on' : 'admin.shopSettings.off');
  const box = (name: BoxField) => (
    <Checkbox
      name={name}
      label={t(`admin.catalogSettings.${name}` as TextKey)}
      help={`${t(`admin.catalogSettings.${name}_help` as TextKey)} ${t(
        'admin.catalogSettings.default_hint',
        { value: onOff(defaults[name]) },
      )}`}
      checked={typed ? typed[name] === 'yes' : settings[name]}
      error={errorOf(name)}
    />
  );
  const number = (name: ProductPageNumberField) => (
    <NumberSetting
      name={name}
      label={t(`admin.catalogSettings.${name}` as TextKey)}
      help={`${t(`admin.catalogSettings.${name}_help` as TextKey, limits[name])} ${t(
        'admin.catalogSettings.default_hint',
        { value: String(defaults[name]) },
      )}`}
      value={typed?.[name] ?? String(settings[name])}
      error={errorOf(name)}
    />
  );
  return (
    <FormFrame security={security} version={version} answer={answer}>
      <h2 id="catalog-swatches">{t('admin.catalogSettings.swatches')}</h2>
      {number('ajax_threshold')}
      {box('clear_on_reselect')}
      {box('deselect_unavailable')}
      {box('clickable_out_of_stock')}
      {number('stock_label_threshold')}
      <h2 id="catalog-add-to-cart">{t('admin.catalogSettings.add_to_cart')}</h2>
      {box('reveal_mini_cart')}
      {number('reveal_seconds')}
      {box('redirect_after_add')}
      <h2 id="catalog-gallery">{t('admin.catalogSettings.gallery')}</h2>
      {box('gallery_zoom')}
      {box('gallery_lightbox')}
      <h2 id="catalog-unit-price">{t('admin.catalogSettings.unit_price')}</h2>
      <p className="hint" id="catalog-unit-price-law">
        {t('admin.catalogSettings.unit_price_law')}
      </p>
      <input type="hidden" name="unit_price_places" value="yes" />
      {UNIT_PRICE_PLACE_FIELDS.map((name) => (
        <Fragment key={name}>{box(name)}</Fragment>
      ))}
      <h2 id="catalog-reviews">{t('admin.catalogSettings.reviews')}</h2>
      <p>
        {t('admin.catalogSettings.reviews_text')}{' '}
        <Link to="/admin/reviews/settings">{t('admin.catalogSettings.reviews_link')}</Link>
      </p>
    </FormFrame>
  );
}
