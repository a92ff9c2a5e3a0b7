import { Form, Link, NavLink } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import {
  LIST_FIELDS,
  type ListField,
  type ListKind,
  inputsOf,
} from '#app/domain/catalog/catalog-lists.ts';
import type { CatalogListAnswer, ImageChoice } from '#app/domain/catalog/catalog-lists.view.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { AdminTable } from './admin-table.tsx';
import { ErrorSummary } from './form-errors.tsx';

export type ListRow = { id: number; slug: string; used: number; form: Record<string, string> };

const LINKS = [
  'categories',
  'tags',
  'attributes',
  'delivery-times',
  'deposit-types',
  'manufacturers',
  'shipping-classes',
] as const;

/** Links between the catalog's lists, beside the product list. */
export function CatalogNav() {
  const { t } = useI18n();
  return (
    <nav aria-label={t('admin.catalogLists.sub_nav')} className="admin-catalog-nav">
      <ul>
        {LINKS.map((kind) => (
          <li key={kind}>
            <NavLink to={`/admin/products/${kind}`}>
              {t(`admin.catalogLists.${kind}.title` as TextKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const fieldLabel = (name: string) => `admin.catalogLists.field.${name}` as TextKey;

/** The entry's name as the list shows it: its first field in the page's language. */
function useEntryName() {
  const { locale } = useI18n();
  return (kind: ListKind, row: ListRow) => {
    const first = LIST_FIELDS[kind][0]!;
    if (first.type !== 'localized') return row.form[first.name] ?? row.slug;
    return (
      (locale === 'en' && row.form[`${first.name}_en`]) || row.form[`${first.name}_de`] || row.slug
    );
  };
}

/** Every entry with its use count, a link to edit it and a button to delete it. */
export function CatalogListTable({
  kind,
  base,
  rows,
  security,
  answer,
}: {
  kind: ListKind;
  base: string;
  rows: ListRow[];
  security: string;
  answer: CatalogListAnswer | undefined;
}) {
  const { t } = useI18n();
  const nameOf = useEntryName();
  const refused = answer?.intent === 'delete' || answer?.intent === 'unknown' ? answer : undefined;
  return (
    <section className="admin-card" aria-labelledby="catalog-list-title">
      <h2 id="catalog-list-title">{t('admin.catalogLists.list_title')}</h2>
      <ErrorSummary answer={refused} />
      {rows.length === 0 ? (
        <p>{t('admin.catalogLists.empty')}</p>
      ) : (
        <AdminTable
          labelledBy="catalog-list-title"
          className="admin-catalog-table"
          columns={(['name', 'slug', 'used', 'actions'] as const).map((key) => ({
            label: t(`admin.catalogLists.col.${key}`),
          }))}
        >
          {rows.map((row) => {
            const name = nameOf(kind, row);
            return (
              <tr key={row.id}>
                <th scope="row">
                  {row.form.swatchColor && (
                    <span
                      className="admin-swatch"
                      style={{ background: row.form.swatchColor }}
                      aria-hidden="true"
                    />
                  )}
                  {name}
                </th>
                <td>{row.slug}</td>
                <td>{t('admin.catalogLists.used', { count: row.used })}</td>
                <td className="admin-catalog-actions">
                  <Link
                    to={`${base}?edit=${row.id}`}
                    aria-label={t('admin.catalogLists.edit_of', { name })}
                  >
                    {t('admin.catalogLists.edit')}
                  </Link>
                  {kind === 'attributes' && (
                    <Link
                      to={`/admin/products/attributes/${row.id}`}
                      aria-label={t('admin.catalogLists.terms_of', { name })}
                    >
                      {t('admin.catalogLists.terms')}
                    </Link>
                  )}
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="security" value={security} />
                    <input type="hidden" name="id" value={row.id} />
                    <button
                      type="submit"
                      className="button button-secondary"
                      aria-label={t('admin.catalogLists.delete_of', { name })}
                    >
                      {t('admin.catalogLists.delete')}
                    </button>
                  </Form>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </section>
  );
}

/** A picture chosen by its thumbnail, or none: one radio group. */
export function ImagePicker({
  id,
  name,
  label,
  value,
  images,
  error,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  images: ImageChoice[];
  error?: string;
}) {
  const { t } = useI18n();
  return (
    <Field id={id} label={label} layout="group" error={error}>
      {() => (
        <div className="admin-image-picker">
          <label>
            <input type="radio" name={name} value="" defaultChecked={!value} />
            {t('admin.catalogLists.no_image')}
          </label>
          {images.map((image) => (
            <label key={image.id}>
              <input
                type="radio"
                name={name}
                value={image.id}
                defaultChecked={value === String(image.id)}
              />
              <img src={imageUrl(image.key, 'thumb')} alt="" width={64} height={64} />
              <span>{image.alt || image.key}</span>
            </label>
          ))}
        </div>
      )}
    </Field>
  );
}

/** The form to add an entry, or to edit the one chosen; drawn from the kind's fields. */
export function CatalogEntryForm({
  kind,
  base,
  editing,
  images,
  security,
  answer,
}: {
  kind: ListKind;
  base: string;
  editing: { id: number; form: Record<string, string> } | null;
  images: ImageChoice[];
  security: string;
  answer: CatalogListAnswer | undefined;
}) {
  const { t } = useI18n();
  const refused = answer?.intent === 'save' ? answer : undefined;
  const values = refused?.values ?? editing?.form ?? {};
  const errorOf = (input: string) =>
    refused?.errors?.find((e) => e.field === input)?.message ??
    (refused?.field === input ? refused.message : undefined);
  const control = (field: ListField, input: string, label: string) => {
    const id = `entry-${input}`;
    const value = values[input] ?? '';
    if (field.type === 'image')
      return (
        <ImagePicker
          key={input}
          id={id}
          name={input}
          label={label}
          value={value}
          images={images}
          error={errorOf(input)}
        />
      );
    const required = Boolean(field.required) && !input.endsWith('_en');
    return (
      <Field key={input} id={id} label={label} required={required} error={errorOf(input)}>
        {(props) =>
          field.type === 'choice' ? (
            <select {...props} name={input} defaultValue={value || field.choices[0]}>
              {field.choices.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`admin.catalogLists.choice.${choice}` as TextKey)}
                </option>
              ))}
            </select>
          ) : 'long' in field && field.long ? (
            <textarea {...props} name={input} rows={3} maxLength={5000} defaultValue={value} />
          ) : (
            <input
              {...props}
              name={input}
              type={field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : 'text'}
              inputMode={
                field.type === 'int' ? 'numeric' : field.type === 'money' ? 'decimal' : undefined
              }
              maxLength={field.type === 'url' ? 500 : 200}
              defaultValue={value}
            />
          )
        }
      </Field>
    );
  };
  const title = editing ? t('admin.catalogLists.edit_title') : t('admin.catalogLists.create_title');
  return (
    <section className="admin-card admin-catalog-form" aria-labelledby="catalog-form-title">
      <h2 id="catalog-form-title">{title}</h2>
      <ErrorSummary answer={refused} />
      <Form method="post" action={editing ? `${base}?edit=${editing.id}` : base} noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="security" value={security} />
        {editing && <input type="hidden" name="id" value={editing.id} />}
        {LIST_FIELDS[kind].map((field) =>
          inputsOf(field).map((input) => {
            const label = t(fieldLabel(field.name));
            if (field.type !== 'localized') return control(field, input, label);
            const lang = input.endsWith('_en') ? 'en' : 'de';
            return control(field, input, t(`admin.catalogLists.lang.${lang}`, { label }));
          }),
        )}
        <Field
          id="entry-slug"
          label={t('admin.catalogLists.slug')}
          help={t('admin.catalogLists.slug_help')}
          error={errorOf('slug')}
        >
          {(props) => (
            <input {...props} name="slug" maxLength={200} defaultValue={values.slug ?? ''} />
          )}
        </Field>
        <div className="admin-catalog-buttons">
          <button type="submit" className="button">
            {editing ? t('admin.catalogLists.save') : t('admin.catalogLists.create')}
          </button>
          {editing && <Link to={base}>{t('admin.catalogLists.cancel')}</Link>}
        </div>
      </Form>
    </section>
  );
}
