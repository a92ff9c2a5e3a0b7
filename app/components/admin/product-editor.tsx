import { type ReactNode, useRef, useState } from 'react';
import { Form } from 'react-router';
import { ProductDescription } from '#app/components/product/product-description.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { ALLERGENS, NUTRIENT_KEYS, NUTRI_SCORES } from '#app/domain/compliance/compliance.types.ts';
import {
  EDITOR_STATUSES,
  EDITOR_TYPES,
  type EditorField,
  controlId,
  nutrientField,
} from '#app/domain/catalog/product-editor.rules.ts';
import type {
  EditorCategory,
  EditorOption,
  ProductEditorAnswer,
  ProductEditorChoices,
} from '#app/domain/catalog/product-editor.view.ts';
import { PERIODS } from '#app/domain/catalog/subscription-terms.ts';
import { BACKORDERS } from '#app/domain/catalog/catalog.schema.ts';
import { TAX_CLASSES } from '#app/domain/pricing/tax.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import type { EditorLinked } from '#app/domain/catalog/product-editor.view.ts';
import { ProductLinksSection } from './product-links.tsx';
import { TypedCheckbox, TypedInput, type TypedForm } from './typed-fields.tsx';

type Lists = { categories: string[]; allergens: string[] };
type Ctx = TypedForm;

const PREVIEWED = ['short_description', 'description'] as const;

function useLabel() {
  const { t } = useI18n();
  return (name: string) => t(`admin.productEditor.f.${name}` as TextKey);
}

function TextInput({
  ctx,
  name,
  help,
  ...rest
}: {
  ctx: Ctx;
  name: EditorField;
  required?: boolean;
  inputMode?: 'decimal' | 'numeric';
  type?: 'text' | 'date' | 'time' | 'url';
  help?: string;
}) {
  const label = useLabel();
  return (
    <TypedInput
      form={ctx}
      name={name}
      id={controlId(name)}
      label={label(name)}
      help={help}
      {...rest}
    />
  );
}

function TextArea({ ctx, name, rows = 3 }: { ctx: Ctx; name: EditorField; rows?: number }) {
  const label = useLabel();
  return (
    <Field id={controlId(name)} label={label(name)} error={ctx.errorOf(name)}>
      {(control) => (
        <textarea {...control} name={name} rows={rows} defaultValue={ctx.typed[name] ?? ''} />
      )}
    </Field>
  );
}

function Select({
  ctx,
  name,
  options,
  empty,
}: {
  ctx: Ctx;
  name: EditorField;
  options: EditorOption[];
  /** The label of the "none" choice; absent: one of the options must be chosen. */
  empty?: string;
}) {
  const label = useLabel();
  return (
    <Field id={controlId(name)} label={label(name)} error={ctx.errorOf(name)}>
      {(control) => (
        <select {...control} name={name} defaultValue={ctx.typed[name] ?? ''}>
          {empty !== undefined && <option value="">{empty}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function Check({ ctx, name, help }: { ctx: Ctx; name: EditorField; help?: string }) {
  const label = useLabel();
  return (
    <TypedCheckbox form={ctx} name={name} id={controlId(name)} label={label(name)} help={help} />
  );
}

/** Fields that belong together inside a group, under their own legend. */
function SubGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="product-editor-subgroup">
      <legend>{legend}</legend>
      <div className="product-editor-fields">{children}</div>
    </fieldset>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="admin-card product-editor-group">
      <legend>{legend}</legend>
      <div className="product-editor-fields">{children}</div>
    </fieldset>
  );
}

/** The category tree as nested lists of checkboxes. */
function CategoryTree({
  all,
  parentId,
  ticked,
}: {
  all: EditorCategory[];
  parentId: number | null;
  ticked: Set<string>;
}) {
  const children = all.filter((c) => c.parentId === parentId);
  if (children.length === 0) return null;
  return (
    <ul className="product-editor-tree">
      {children.map((c) => (
        <li key={c.id}>
          <label className="choice">
            <input
              type="checkbox"
              name="categories"
              value={String(c.id)}
              defaultChecked={ticked.has(String(c.id))}
            />
            <span>{c.name}</span>
          </label>
          <CategoryTree all={all} parentId={c.id} ticked={ticked} />
        </li>
      ))}
    </ul>
  );
}

/** The texts as the product page shows them: short description, then the description. */
function Preview({ texts }: { texts: Record<string, string> }) {
  const { t } = useI18n();
  return (
    <section
      className="product-editor-preview"
      aria-labelledby="product-preview-heading"
      id="product-preview"
    >
      <h2 id="product-preview-heading">{t('admin.productEditor.preview_heading')}</h2>
      {(['de', 'en'] as const).map((lang) => (
        <div key={lang} lang={lang} className="product-editor-preview-lang">
          <h3>{t(`admin.productEditor.lang_${lang}`)}</h3>
          {texts[`short_description_${lang}`] ? (
            <p className="short-description">{texts[`short_description_${lang}`]}</p>
          ) : null}
          <ProductDescription
            text={texts[`description_${lang}`] ?? ''}
            name={texts[`name_${lang}`] || texts.name_de || ''}
          />
        </div>
      ))}
    </section>
  );
}

/** The product's own fields in groups, each with its error beside it after a refused post. */
export function ProductEditorForm({
  values,
  lists,
  choices,
  version,
  security,
  answer,
  variations,
  linked,
}: {
  values: Record<string, string>;
  lists: Lists;
  choices: ProductEditorChoices;
  version: string;
  security: string;
  answer: ProductEditorAnswer | undefined;
  variations: number;
  linked: EditorLinked;
}) {
  const { t } = useI18n();
  const label = useLabel();
  const formRef = useRef<HTMLFormElement>(null);
  const typed = answer?.values ?? values;
  const ticked = answer?.lists ?? lists;
  const ctx: Ctx = {
    typed,
    errorOf: (name) => answer?.errors.find((e) => e.field === controlId(name))?.message,
  };
  const [preview, setPreview] = useState<Record<string, string> | null>(
    answer?.preview ? typed : null,
  );
  const showPreview = (event: { preventDefault: () => void }) => {
    const form = formRef.current;
    if (!form) return;
    // With JavaScript the texts as typed are shown at once; without, the form posts for it.
    event.preventDefault();
    const data = new FormData(form);
    const texts: Record<string, string> = {};
    for (const lang of ['de', 'en']) {
      for (const name of ['name', ...PREVIEWED]) {
        const v = data.get(`${name}_${lang}`);
        texts[`${name}_${lang}`] = typeof v === 'string' ? v.trim() : '';
      }
    }
    setPreview(texts);
  };
  const options = (list: readonly string[], prefix: string): EditorOption[] =>
    list.map((value) => ({ value, label: t(`admin.productEditor.${prefix}.${value}` as TextKey) }));
  const none = t('admin.productEditor.none');
  const tickedCategories = new Set(ticked.categories);
  const tickedAllergens = new Set(ticked.allergens);
  return (
    <Form method="post" className="product-editor-form" noValidate ref={formRef}>
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="version" value={answer?.version ?? version} />

      <Group legend={t('admin.productEditor.g.general')}>
        <Field
          id={controlId('type')}
          label={label('type')}
          error={ctx.errorOf('type')}
          help={
            variations > 0
              ? t('admin.productEditor.type_variations', { count: variations })
              : undefined
          }
        >
          {(control) => (
            <select {...control} name="type" defaultValue={typed.type ?? 'simple'}>
              {options(EDITOR_TYPES, 'type').map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextInput ctx={ctx} name="name_de" required />
        <TextInput ctx={ctx} name="name_en" />
        <TextInput ctx={ctx} name="slug" help={t('admin.productEditor.slug_help')} />
        <TextInput ctx={ctx} name="sku" />
        <TextInput ctx={ctx} name="gtin" inputMode="numeric" />
      </Group>

      <Group legend={t('admin.productEditor.g.texts')}>
        <TextArea ctx={ctx} name="short_description_de" />
        <TextArea ctx={ctx} name="short_description_en" />
        <TextArea ctx={ctx} name="description_de" rows={8} />
        <TextArea ctx={ctx} name="description_en" rows={8} />
        <p className="hint">{t('admin.productEditor.description_help')}</p>
        <div>
          <button
            type="submit"
            name="intent"
            value="preview"
            className="button button-secondary"
            onClick={showPreview}
          >
            {t('admin.productEditor.preview')}
          </button>
        </div>
        <div aria-live="polite">{preview && <Preview texts={preview} />}</div>
      </Group>

      <Group legend={t('admin.productEditor.g.prices')}>
        <TextInput
          ctx={ctx}
          name="regular_price"
          inputMode="decimal"
          help={t('admin.productEditor.price_help')}
        />
        <TextInput ctx={ctx} name="sale_price" inputMode="decimal" />
        <TextInput
          ctx={ctx}
          name="sale_from"
          type="date"
          help={t('admin.productEditor.date_help')}
        />
        <TextInput ctx={ctx} name="sale_to" type="date" />
        <Select ctx={ctx} name="tax_class" options={options(TAX_CLASSES, 'tax')} />
        <TextInput ctx={ctx} name="tax_info_de" />
        <TextInput ctx={ctx} name="tax_info_en" />
      </Group>

      <Group legend={t('admin.productEditor.g.external')}>
        <p className="hint">{t('admin.productEditor.external_help')}</p>
        <TextInput ctx={ctx} name="external_url" type="url" />
        <TextInput
          ctx={ctx}
          name="button_text_de"
          help={t('admin.productEditor.button_text_help')}
        />
        <TextInput ctx={ctx} name="button_text_en" />
      </Group>

      <Group legend={t('admin.productEditor.g.subscription')}>
        <p className="hint">{t('admin.productEditor.subscription_help')}</p>
        <Select ctx={ctx} name="subscription_period" options={options(PERIODS, 'period')} />
        <TextInput ctx={ctx} name="subscription_interval" inputMode="numeric" />
        <TextInput ctx={ctx} name="subscription_trial_days" inputMode="numeric" />
        <TextInput ctx={ctx} name="subscription_sign_up_fee" inputMode="decimal" />
        <TextInput
          ctx={ctx}
          name="subscription_length"
          inputMode="numeric"
          help={t('admin.productEditor.length_help')}
        />
      </Group>

      <Group legend={t('admin.productEditor.g.stock')}>
        <Check ctx={ctx} name="manage_stock" />
        <TextInput ctx={ctx} name="stock_quantity" inputMode="decimal" />
        <Select ctx={ctx} name="backorders" options={options(BACKORDERS, 'backorders')} />
        <TextInput ctx={ctx} name="low_stock_amount" inputMode="decimal" />
        <Check ctx={ctx} name="sold_individually" />
        <TextInput ctx={ctx} name="min_quantity" inputMode="decimal" />
        <TextInput ctx={ctx} name="max_quantity" inputMode="decimal" />
        <TextInput ctx={ctx} name="quantity_step" inputMode="decimal" />
      </Group>

      <Group legend={t('admin.productEditor.g.shipping')}>
        <TextInput ctx={ctx} name="weight" inputMode="decimal" />
        <TextInput ctx={ctx} name="length" inputMode="decimal" />
        <TextInput ctx={ctx} name="width" inputMode="decimal" />
        <TextInput ctx={ctx} name="height" inputMode="decimal" />
        <Select ctx={ctx} name="shipping_class" options={choices.shippingClasses} empty={none} />
        <Select ctx={ctx} name="delivery_time" options={choices.deliveryTimes} empty={none} />
        <TextInput ctx={ctx} name="shipping_costs_info_de" />
        <TextInput ctx={ctx} name="shipping_costs_info_en" />
        <Check ctx={ctx} name="digital" help={t('admin.productEditor.digital_help')} />
      </Group>

      <Group legend={t('admin.productEditor.g.categories')}>
        <Field
          id={controlId('categories')}
          layout="group"
          label={label('categories')}
          error={ctx.errorOf('categories')}
        >
          {() =>
            choices.categories.length > 0 ? (
              <CategoryTree all={choices.categories} parentId={null} ticked={tickedCategories} />
            ) : (
              <p>{t('admin.productEditor.no_categories')}</p>
            )
          }
        </Field>
      </Group>

      <ProductLinksSection linked={linked} typed={answer?.linked} errorOf={ctx.errorOf} />

      <Group legend={t('admin.productEditor.g.legal')}>
        <TextInput ctx={ctx} name="unit" help={t('admin.productEditor.unit_help')} />
        <TextInput ctx={ctx} name="product_units" inputMode="decimal" />
        <TextInput ctx={ctx} name="unit_base" inputMode="decimal" />
        <Select ctx={ctx} name="deposit_type" options={choices.depositTypes} empty={none} />
        <TextInput ctx={ctx} name="deposit_quantity" inputMode="numeric" />
        <Select ctx={ctx} name="manufacturer" options={choices.manufacturers} empty={none} />
        <Select ctx={ctx} name="responsible_person" options={choices.manufacturers} empty={none} />
        <TextArea ctx={ctx} name="safety_instructions_de" />
        <TextArea ctx={ctx} name="safety_instructions_en" />
        <TextArea ctx={ctx} name="defect_description_de" />
        <TextArea ctx={ctx} name="defect_description_en" />
        <SubGroup legend={t('admin.productEditor.g.power')}>
          <p className="hint">{t('admin.productEditor.power_help')}</p>
          <TextInput ctx={ctx} name="power_min_watts" inputMode="numeric" />
          <TextInput ctx={ctx} name="power_max_watts" inputMode="numeric" />
          <Check ctx={ctx} name="power_usb_pd" />
          <Check ctx={ctx} name="power_charger_included" />
        </SubGroup>
      </Group>

      <Group legend={t('admin.productEditor.g.food')}>
        <TextArea ctx={ctx} name="food_ingredients_de" />
        <TextArea ctx={ctx} name="food_ingredients_en" />
        <Field
          id={controlId('allergens')}
          layout="group"
          label={label('allergens')}
          error={ctx.errorOf('allergens')}
        >
          {() => (
            <div className="product-editor-choices">
              {ALLERGENS.map((a) => (
                <label key={a} className="choice">
                  <input
                    type="checkbox"
                    name="allergens"
                    value={a}
                    defaultChecked={tickedAllergens.has(a)}
                  />
                  <span>{t(`compliance.allergen.${a}` as TextKey)}</span>
                </label>
              ))}
            </div>
          )}
        </Field>
        <Select
          ctx={ctx}
          name="food_nutri_score"
          options={NUTRI_SCORES.map((s) => ({ value: s, label: s }))}
          empty={none}
        />
        <TextInput ctx={ctx} name="food_alcohol" inputMode="decimal" />
        <SubGroup legend={t('admin.productEditor.g.nutrients')}>
          <p className="hint">{t('admin.productEditor.nutrients_help')}</p>
          <Select
            ctx={ctx}
            name="food_nutrient_reference"
            options={(['g', 'ml'] as const).map((u) => ({
              value: u,
              label: t('compliance.nutrients_per', { unit: u }),
            }))}
          />
          {NUTRIENT_KEYS.map((key) => (
            <TextInput key={key} ctx={ctx} name={nutrientField(key)} inputMode="decimal" />
          ))}
        </SubGroup>
      </Group>

      <Group legend={t('admin.productEditor.g.publish')}>
        <Select ctx={ctx} name="status" options={options(EDITOR_STATUSES, 'status')} />
        <TextInput
          ctx={ctx}
          name="publish_date"
          type="date"
          help={t('admin.productEditor.publish_date_help')}
        />
        <TextInput ctx={ctx} name="publish_time" type="time" />
        <Check ctx={ctx} name="featured" />
        <TextInput ctx={ctx} name="menu_order" inputMode="numeric" />
      </Group>

      <div className="product-editor-savebar">
        <button type="submit" name="intent" value="save" className="button">
          {t('admin.productEditor.save')}
        </button>
      </div>
    </Form>
  );
}
