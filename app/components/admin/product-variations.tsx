import type { ReactNode } from 'react';
import { Form } from 'react-router';
import type { SwatchType } from '#app/domain/catalog/catalog.schema.ts';
import type { SwatchSettings } from '#app/domain/catalog/swatch-settings.view.ts';
import {
  SWATCH_TYPE_CHOICES,
  type VariationsAnswer,
} from '#app/domain/catalog/variations-admin.view.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';

export type TabTerm = {
  id: number;
  slug: string;
  name: string;
  color: string | null;
  imageKey: string | null;
};
export type TabAttribute = {
  id: number;
  slug: string;
  name: string;
  swatchType: SwatchType;
  visible: boolean;
  usedForVariations: boolean;
  termIds: number[];
  terms: TabTerm[];
};
export type TabVariation = {
  id: number;
  label: string;
  version: string;
  values: Record<string, string>;
  stockStatus: string | null;
};
type Choice = { id: number; label: string };

/** Fields every form of the tab sends: the session's token and what it was filled in against. */
export function Hidden({
  security,
  version,
  intent,
}: {
  security: string;
  version: string;
  intent: string;
}) {
  return (
    <>
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="intent" value={intent} />
    </>
  );
}

/** The term's current swatch: its colour or picture, edited on the attribute's page. */
function SwatchChip({ term }: { term: TabTerm }) {
  if (term.color) {
    return (
      <span
        className="variations-chip"
        style={{ backgroundColor: term.color }}
        aria-hidden="true"
      />
    );
  }
  if (term.imageKey) {
    return <img className="variations-chip" src={imageUrl(term.imageKey, 'thumb')} alt="" />;
  }
  return null;
}

export function AttributesForm({
  attributes,
  addable,
  security,
  version,
  refused,
}: {
  attributes: TabAttribute[];
  addable: Choice[];
  security: string;
  version: string;
  refused: VariationsAnswer | undefined;
}) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="variations-attributes" className="variations-section">
      <h2 id="variations-attributes">{t('admin.variations.attributes')}</h2>
      <Form method="post" className="variations-attributes">
        <Hidden security={security} version={version} intent="attributes" />
        {attributes.length === 0 && <p>{t('admin.variations.no_attributes')}</p>}
        {attributes.map((a) => (
          <fieldset key={a.id} className="variations-attribute">
            <legend>{a.name}</legend>
            <input type="hidden" name="attribute_ids" value={a.id} />
            <div className="variations-terms">
              {a.terms.map((term) => (
                <label key={term.id} className="variations-term">
                  <input
                    type="checkbox"
                    name={`terms_${a.id}`}
                    value={term.id}
                    defaultChecked={a.termIds.includes(term.id)}
                  />
                  <SwatchChip term={term} /> {term.name}
                </label>
              ))}
            </div>
            <label>
              <input
                type="checkbox"
                name={`visible_${a.id}`}
                value="yes"
                defaultChecked={a.visible}
              />{' '}
              {t('admin.variations.visible')}
            </label>
            <label>
              <input
                type="checkbox"
                name={`variations_${a.id}`}
                value="yes"
                defaultChecked={a.usedForVariations}
              />{' '}
              {t('admin.variations.used_for_variations')}
            </label>
            <button
              type="submit"
              name="remove_attribute"
              value={a.id}
              className="button button-secondary"
            >
              {t('admin.variations.remove_attribute', { name: a.name })}
            </button>
          </fieldset>
        ))}
        {addable.length > 0 && (
          <p className="variations-inline">
            <label htmlFor="add-attribute">{t('admin.variations.add_attribute')}</label>
            <select id="add-attribute" name="add_attribute_id" defaultValue="">
              <option value="">{t('admin.variations.choose')}</option>
              {addable.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </select>
          </p>
        )}
        {refused?.message && refused.intent === 'attributes' && (
          <p>
            <label>
              <input type="checkbox" name="remove_variations" value="yes" />{' '}
              {t('admin.variations.remove_variations')}
            </label>
          </p>
        )}
        <button type="submit" className="button">
          {t('admin.variations.save_attributes')}
        </button>
      </Form>
    </section>
  );
}

export function GenerateForms({
  axes,
  defaults,
  security,
  version,
  max,
}: {
  axes: TabAttribute[];
  defaults: Record<string, string>;
  security: string;
  version: string;
  max: number;
}) {
  const { t } = useI18n();
  if (axes.length === 0) return null;
  const chosen = (a: TabAttribute) => a.terms.filter((term) => a.termIds.includes(term.id));
  return (
    <section aria-labelledby="variations-generate" className="variations-section">
      <h2 id="variations-generate">{t('admin.variations.generate_heading')}</h2>
      <Form method="post">
        <Hidden security={security} version={version} intent="generate" />
        <p>{t('admin.variations.generate_help', { max })}</p>
        <button type="submit" className="button">
          {t('admin.variations.generate_all')}
        </button>
      </Form>
      <Form method="post" className="variations-inline">
        <Hidden security={security} version={version} intent="add" />
        {axes.map((a) => (
          <span key={a.id}>
            <label htmlFor={`choose-${a.slug}`}>{a.name}</label>
            <select id={`choose-${a.slug}`} name={`choose_${a.slug}`} defaultValue="">
              <option value="">{t('admin.variations.any', { attribute: a.name })}</option>
              {chosen(a).map((term) => (
                <option key={term.id} value={term.slug}>
                  {term.name}
                </option>
              ))}
            </select>
          </span>
        ))}
        <button type="submit" className="button">
          {t('admin.variations.add_one')}
        </button>
      </Form>
      <h2 id="variations-defaults">{t('admin.variations.defaults')}</h2>
      <Form method="post" className="variations-inline" aria-labelledby="variations-defaults">
        <Hidden security={security} version={version} intent="defaults" />
        {axes.map((a) => (
          <span key={a.id}>
            <label htmlFor={`default-${a.slug}`}>{a.name}</label>
            <select
              id={`default-${a.slug}`}
              name={`default_${a.slug}`}
              defaultValue={defaults[a.slug] ?? ''}
            >
              <option value="">{t('admin.variations.no_default')}</option>
              {chosen(a).map((term) => (
                <option key={term.id} value={term.slug}>
                  {term.name}
                </option>
              ))}
            </select>
          </span>
        ))}
        <button type="submit" className="button">
          {t('admin.variations.save_defaults')}
        </button>
      </Form>
    </section>
  );
}

export function BulkForm({
  security,
  version,
  deliveryTimes,
}: {
  security: string;
  version: string;
  deliveryTimes: Choice[];
}) {
  const { t } = useI18n();
  const actions = [
    'regular_price',
    'sale_price',
    'stock',
    'delivery_time',
    'enable',
    'disable',
    'delete',
  ];
  return (
    <section aria-labelledby="variations-bulk" className="variations-section">
      <h2 id="variations-bulk">{t('admin.variations.bulk')}</h2>
      <Form method="post" id="variations-bulk-form" className="variations-bulk">
        <Hidden security={security} version={version} intent="bulk" />
        <span>
          <label htmlFor="bulk-action">{t('admin.variations.bulk_action')}</label>
          <select id="bulk-action" name="bulk_action">
            {actions.map((a) => (
              <option key={a} value={a}>
                {t(`admin.variations.bulk_${a}` as TextKey)}
              </option>
            ))}
          </select>
        </span>
        <span>
          <label htmlFor="bulk-change">{t('admin.variations.price_change')}</label>
          <select id="bulk-change" name="price_change">
            <option value="set">{t('admin.variations.change_set')}</option>
            <option value="raise">{t('admin.variations.change_raise')}</option>
            <option value="lower">{t('admin.variations.change_lower')}</option>
          </select>
        </span>
        <span>
          <label htmlFor="bulk-unit">{t('admin.variations.price_unit')}</label>
          <select id="bulk-unit" name="price_unit">
            <option value="amount">{t('admin.variations.unit_amount')}</option>
            <option value="percent">{t('admin.variations.unit_percent')}</option>
          </select>
        </span>
        <span>
          <label htmlFor="bulk-value">{t('admin.variations.price_value')}</label>
          <input id="bulk-value" name="price_value" inputMode="decimal" size={8} />
        </span>
        <span>
          <label htmlFor="bulk-stock">{t('admin.variations.stock_quantity')}</label>
          <input id="bulk-stock" name="stock_quantity" inputMode="numeric" size={6} />
        </span>
        <span>
          <label htmlFor="bulk-delivery">{t('admin.variations.delivery_time')}</label>
          <select id="bulk-delivery" name="delivery_time_id">
            <option value="">{t('admin.variations.inherit')}</option>
            {deliveryTimes.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
        </span>
        <span>
          <label htmlFor="bulk-scope">{t('admin.variations.bulk_scope')}</label>
          <select id="bulk-scope" name="bulk_scope">
            <option value="checked">{t('admin.variations.scope_checked')}</option>
            <option value="all">{t('admin.variations.scope_all')}</option>
          </select>
        </span>
        <button type="submit" className="button">
          {t('admin.variations.apply')}
        </button>
      </Form>
    </section>
  );
}

export function SwatchesForm({
  attributes,
  settings,
  security,
  version,
}: {
  attributes: TabAttribute[];
  settings: SwatchSettings;
  security: string;
  version: string;
}) {
  const { t } = useI18n();
  const boxes: [string, boolean, TextKey][] = [
    ['clear_on_reselect', settings.clearOnReselect, 'admin.variations.clear_on_reselect'],
    ['deselect_unavailable', settings.deselectUnavailable, 'admin.variations.deselect_unavailable'],
    [
      'clickable_out_of_stock',
      settings.clickableOutOfStock,
      'admin.variations.clickable_out_of_stock',
    ],
  ];
  return (
    <section aria-labelledby="variations-swatches" className="variations-section">
      <h2 id="variations-swatches">{t('admin.variations.swatches')}</h2>
      <Form method="post">
        <Hidden security={security} version={version} intent="swatches" />
        {attributes.map((a) => (
          <div key={a.id} className="variations-swatch-row">
            <label htmlFor={`swatch-${a.id}`}>
              {t('admin.variations.swatch_type', { name: a.name })}
            </label>
            <select id={`swatch-${a.id}`} name={`swatch_type_${a.id}`} defaultValue={a.swatchType}>
              {SWATCH_TYPE_CHOICES.map((type) => (
                <option key={type} value={type}>
                  {t(`admin.variations.swatch_${type}` as TextKey)}
                </option>
              ))}
            </select>
            <ul className="variations-swatch-terms">
              {a.terms
                .filter((term) => a.termIds.includes(term.id))
                .map((term) => (
                  <li key={term.id}>
                    <SwatchChip term={term} /> {term.name}
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <p className="variations-hint">{t('admin.variations.swatch_settings_help')}</p>
        {boxes.map(([name, checked, label]) => (
          <p key={name}>
            <label>
              <input type="checkbox" name={name} value="yes" defaultChecked={checked} /> {t(label)}
            </label>
          </p>
        ))}
        <p>
          <label htmlFor="stock-label-threshold">
            {t('admin.variations.stock_label_threshold')}
          </label>{' '}
          <input
            id="stock-label-threshold"
            name="stock_label_threshold"
            inputMode="numeric"
            size={6}
            defaultValue={settings.stockLabelThreshold}
          />
        </p>
        <button type="submit" className="button">
          {t('admin.variations.save_swatches')}
        </button>
      </Form>
    </section>
  );
}

export function Section({ children }: { children: ReactNode }) {
  return <div className="variations-tab">{children}</div>;
}
