import { type DragEvent, useState } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { Field } from '#app/components/ui/field.tsx';
import type { CatalogListAnswer, ImageChoice } from '#app/domain/catalog/catalog-lists.view.ts';
import { MOVES } from '#app/domain/catalog/category-tree.ts';
import { type Localized, localize } from '#app/domain/kernel/localized.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { ImagePicker } from './catalog-list.tsx';
import { ErrorSummary } from './form-errors.tsx';

export type CategoryItem = {
  id: number;
  parentId: number | null;
  slug: string;
  name: Localized;
  count: number;
};

const BASE = '/admin/products/categories';

/**
 * The category tree as nested lists. Each category has move buttons (plain forms, so they work
 * without the script) and, once the script runs, can be dragged onto another category to be
 * placed right before it, under that category's parent.
 */
export function CategoryTree({
  categories,
  security,
  answer,
}: {
  categories: CategoryItem[];
  security: string;
  answer: CatalogListAnswer | undefined;
}) {
  const { t, locale } = useI18n();
  const scripted = useHydrated();
  const submit = useSubmit();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const refused =
    answer && ['move', 'place', 'delete', 'unknown'].includes(answer.intent) ? answer : undefined;
  const nameOf = (c: CategoryItem) => localize(c.name, locale);

  const drop = (event: DragEvent, target: CategoryItem) => {
    event.preventDefault();
    setOver(null);
    if (dragged === null || dragged === target.id) return;
    const siblings = categories.filter((c) => c.parentId === target.parentId && c.id !== dragged);
    const index = siblings.findIndex((c) => c.id === target.id);
    submit(
      {
        intent: 'place',
        security,
        id: String(dragged),
        parent: target.parentId === null ? '' : String(target.parentId),
        index: String(Math.max(index, 0)),
      },
      { method: 'post', action: BASE },
    );
    setDragged(null);
  };

  const branch = (parentId: number | null, depth: number) => {
    const children = categories.filter((c) => c.parentId === parentId);
    if (!children.length) return null;
    return (
      <ul className={depth === 0 ? 'admin-category-tree' : undefined}>
        {children.map((category) => {
          const name = nameOf(category);
          return (
            <li key={category.id} data-category={category.slug}>
              <div
                className={`admin-category-item${over === category.id ? ' is-drop-target' : ''}`}
                draggable={scripted ? true : undefined}
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(category.id));
                  setDragged(category.id);
                }}
                onDragOver={(e) => {
                  if (dragged === null) return;
                  e.preventDefault();
                  setOver(category.id);
                }}
                onDragLeave={() => setOver(null)}
                onDrop={(e) => drop(e, category)}
              >
                <span className="admin-category-name">
                  {name}{' '}
                  <span className="admin-hint">
                    ({t('admin.catalogLists.used', { count: category.count })})
                  </span>
                </span>
                <span className="admin-category-moves">
                  {MOVES.map((move) => (
                    <Form method="post" action={BASE} key={move}>
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="security" value={security} />
                      <input type="hidden" name="id" value={category.id} />
                      <input type="hidden" name="move" value={move} />
                      <button
                        type="submit"
                        className="button button-secondary"
                        aria-label={t(`admin.categories.move_${move}_of`, { name })}
                      >
                        {t(`admin.categories.move_${move}`)}
                      </button>
                    </Form>
                  ))}
                  <Link
                    to={`${BASE}?edit=${category.id}`}
                    aria-label={t('admin.catalogLists.edit_of', { name })}
                  >
                    {t('admin.catalogLists.edit')}
                  </Link>
                  <Form method="post" action={BASE}>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="security" value={security} />
                    <input type="hidden" name="id" value={category.id} />
                    <button
                      type="submit"
                      className="button button-secondary"
                      aria-label={t('admin.catalogLists.delete_of', { name })}
                    >
                      {t('admin.catalogLists.delete')}
                    </button>
                  </Form>
                </span>
              </div>
              {branch(category.id, depth + 1)}
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <section className="admin-card" aria-labelledby="category-tree-title">
      <h2 id="category-tree-title">{t('admin.categories.tree_title')}</h2>
      <p className="admin-hint">{t('admin.categories.tree_help')}</p>
      <ErrorSummary answer={refused} />
      {categories.length ? branch(null, 0) : <p>{t('admin.catalogLists.empty')}</p>}
    </section>
  );
}

/** Create or edit a category: names, descriptions, slug, parent and picture. */
export function CategoryForm({
  categories,
  editing,
  images,
  security,
  answer,
}: {
  categories: CategoryItem[];
  editing: { id: number; form: Record<string, string> } | null;
  images: ImageChoice[];
  security: string;
  answer: CatalogListAnswer | undefined;
}) {
  const { t, locale } = useI18n();
  const refused = answer?.intent === 'save' ? answer : undefined;
  const values = refused?.values ?? editing?.form ?? {};
  const errorOf = (id: string) =>
    refused?.errors?.find((e) => e.field === id)?.message ??
    (refused?.field === id ? refused.message : undefined);
  // The parent choices in tree order, indented; the category itself and its subtree left out.
  const below = new Set<number>(editing ? [editing.id] : []);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of categories)
      if (c.parentId !== null && below.has(c.parentId) && !below.has(c.id)) {
        below.add(c.id);
        grew = true;
      }
  }
  const options: { id: number; label: string }[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const c of categories.filter((x) => x.parentId === parentId)) {
      if (below.has(c.id)) continue;
      options.push({ id: c.id, label: `${'— '.repeat(depth)}${localize(c.name, locale)}` });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  const text = (name: string, label: string, required = false, long = false) => (
    <Field
      id={`category-${name}`}
      label={label}
      required={required}
      error={errorOf(`category-${name}`)}
    >
      {(props) =>
        long ? (
          <textarea
            {...props}
            name={name}
            rows={3}
            maxLength={5000}
            defaultValue={values[name] ?? ''}
          />
        ) : (
          <input {...props} name={name} maxLength={200} defaultValue={values[name] ?? ''} />
        )
      }
    </Field>
  );
  const nameLabel = t('admin.catalogLists.field.name');
  const descriptionLabel = t('admin.catalogLists.field.description');
  return (
    <section className="admin-card admin-catalog-form" aria-labelledby="category-form-title">
      <h2 id="category-form-title">
        {editing ? t('admin.categories.edit_title') : t('admin.categories.create_title')}
      </h2>
      <ErrorSummary answer={refused} />
      <Form method="post" action={editing ? `${BASE}?edit=${editing.id}` : BASE} noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="security" value={security} />
        {editing && <input type="hidden" name="id" value={editing.id} />}
        {text('name_de', t('admin.catalogLists.lang.de', { label: nameLabel }), true)}
        {text('name_en', t('admin.catalogLists.lang.en', { label: nameLabel }))}
        {text(
          'description_de',
          t('admin.catalogLists.lang.de', { label: descriptionLabel }),
          false,
          true,
        )}
        {text(
          'description_en',
          t('admin.catalogLists.lang.en', { label: descriptionLabel }),
          false,
          true,
        )}
        <Field
          id="category-slug"
          label={t('admin.catalogLists.slug')}
          help={t('admin.catalogLists.slug_help')}
          error={errorOf('category-slug')}
        >
          {(props) => (
            <input {...props} name="slug" maxLength={200} defaultValue={values.slug ?? ''} />
          )}
        </Field>
        <Field
          id="category-parent"
          label={t('admin.categories.parent')}
          error={errorOf('category-parent')}
        >
          {(props) => (
            <select {...props} name="parent" defaultValue={values.parent ?? ''}>
              <option value="">{t('admin.categories.no_parent')}</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ImagePicker
          id="category-image"
          name="image"
          label={t('admin.categories.picture')}
          value={values.image ?? ''}
          images={images}
          error={errorOf('category-image')}
        />
        <div className="admin-catalog-buttons">
          <button type="submit" className="button">
            {editing ? t('admin.catalogLists.save') : t('admin.catalogLists.create')}
          </button>
          {editing && <Link to={BASE}>{t('admin.catalogLists.cancel')}</Link>}
        </div>
      </Form>
    </section>
  );
}
