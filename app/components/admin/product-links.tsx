// The product editor's "Linked products" section: upsells, cross-sells and tags. Without
// JavaScript it is plain form controls: ticked boxes keep a link, a text field adds one (found by
// name, SKU or id on save), with the browser's own suggestion list.
import { Field } from '#app/components/ui/field.tsx';
import { controlId } from '#app/domain/catalog/product-editor.rules.ts';
import type { EditorLinked, EditorLinksTyped } from '#app/domain/catalog/product-editor.view.ts';
import { useI18n } from '#app/lib/i18n.ts';

const OFFERED_LIST = 'product-link-offered';

type Choice = EditorLinked['known'][number];

const described = (c: Choice) => (c.sku ? `${c.name} (${c.sku})` : c.name);

function LinkList({
  kind,
  ids,
  known,
  added,
  errorOf,
}: {
  kind: 'upsell' | 'cross_sell' | 'grouped';
  ids: string[];
  known: Map<string, Choice>;
  added: string;
  errorOf: (name: string) => string | undefined;
}) {
  const { t } = useI18n();
  const listName = `${kind}_ids` as const;
  const addName = `${kind}_add` as const;
  const headingId = `product-links-${kind}-heading`;
  return (
    <div className="product-links-list">
      <h3 id={headingId}>{t(`admin.productLinks.${kind}_heading`)}</h3>
      {ids.length > 0 ? (
        <ol aria-labelledby={headingId}>
          {ids.map((id) => {
            const choice = known.get(id);
            return (
              <li key={id}>
                <label className="choice">
                  <input type="checkbox" name={listName} value={id} defaultChecked />
                  <span>{choice ? described(choice) : `#${id}`}</span>
                </label>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="hint">{t('admin.productLinks.none_yet')}</p>
      )}
      <Field
        id={controlId(addName)}
        label={t(`admin.productLinks.${kind}_add`)}
        help={t('admin.productLinks.add_help')}
        error={errorOf(addName)}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name={addName}
            list={OFFERED_LIST}
            defaultValue={added}
            autoComplete="off"
          />
        )}
      </Field>
    </div>
  );
}

export function ProductLinksSection({
  linked,
  typed,
  errorOf,
}: {
  linked: EditorLinked;
  /** What a refused post held; else the saved lists. */
  typed: EditorLinksTyped | undefined;
  errorOf: (name: string) => string | undefined;
}) {
  const { t } = useI18n();
  const known = new Map<string, Choice>(
    [...linked.offered, ...linked.known].map((c) => [String(c.id), c]),
  );
  const tickedTags = new Set(typed?.tagIds ?? linked.tagIds);
  return (
    <fieldset className="admin-card product-editor-group product-links">
      <legend>{t('admin.productLinks.legend')}</legend>
      <p className="hint">{t('admin.productLinks.help')}</p>
      <div className="product-editor-fields">
        <LinkList
          kind="upsell"
          ids={typed?.upsellIds ?? linked.upsellIds}
          known={known}
          added={typed?.upsellAdd ?? ''}
          errorOf={errorOf}
        />
        <LinkList
          kind="cross_sell"
          ids={typed?.crossSellIds ?? linked.crossSellIds}
          known={known}
          added={typed?.crossSellAdd ?? ''}
          errorOf={errorOf}
        />
        <LinkList
          kind="grouped"
          ids={typed?.groupedIds ?? linked.groupedIds}
          known={known}
          added={typed?.groupedAdd ?? ''}
          errorOf={errorOf}
        />
        <datalist id={OFFERED_LIST}>
          {linked.offered.map((c) => (
            <option key={c.id} value={c.sku || `#${c.id}`}>
              {c.name}
            </option>
          ))}
        </datalist>
        <Field
          id={controlId('tags')}
          layout="group"
          label={t('admin.productLinks.tags')}
          error={errorOf('tags')}
        >
          {() =>
            linked.tags.length > 0 ? (
              <div className="product-editor-choices">
                {linked.tags.map((tag) => (
                  <label key={tag.id} className="choice">
                    <input
                      type="checkbox"
                      name="tags"
                      value={String(tag.id)}
                      defaultChecked={tickedTags.has(String(tag.id))}
                    />
                    <span>{tag.name}</span>
                  </label>
                ))}
              </div>
            ) : (
              <p className="hint">{t('admin.productLinks.no_tags')}</p>
            )
          }
        </Field>
        <Field
          id={controlId('tags_new')}
          label={t('admin.productLinks.tags_new')}
          help={t('admin.productLinks.tags_new_help')}
          error={errorOf('tags_new')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="tags_new"
              defaultValue={typed?.tagsNew ?? ''}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
