import { useActionData } from 'react-router';
import type { Route } from './+types/product-variations';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { ProductTabs } from '#app/components/admin/product-tabs.tsx';
import {
  AttributesForm,
  BulkForm,
  GenerateForms,
  Section,
  SwatchesForm,
} from '#app/components/admin/product-variations.tsx';
import { VariationCard } from '#app/components/admin/product-variation-card.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { VARIATIONS_GENERATE_MAX } from '#app/domain/catalog/variations-admin.rules.ts';
import type { VariationsAnswer } from '#app/domain/catalog/variations-admin.view.ts';
import {
  handleVariationsForm,
  loadVariationsTab,
} from '#app/http/admin/product-variations.server.ts';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-variations.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadVariationsTab(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleVariationsForm(args);
}

/** A variable product's attributes, variations, preselected combination and swatches. */
export default function ProductVariationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<VariationsAnswer>();
  const d = loaderData;
  const axes = d.attributes.filter((a) => a.usedForVariations);
  const deliveryTimes = d.deliveryTimes.map((x) => ({ id: x.id, label: x.label }));
  const depositTypes = d.depositTypes.map((x) => ({ id: x.id, label: x.name }));
  return (
    <AdminPage
      title={t('admin.variations.title', { name: d.name })}
      crumbs={[{ label: t('admin.products.title'), to: '/admin/products' }]}
      className="admin-variations"
    >
      <ProductTabs productId={d.productId} variable />
      {d.saved && !answer && (
        <Notice kind="success">
          {t(`admin.variations.saved_${d.saved}` as TextKey, { count: d.count ?? 0 })}
        </Notice>
      )}
      <ErrorSummary answer={answer} />
      <Section>
        <AttributesForm
          attributes={d.attributes}
          addable={d.addable.map((a) => ({ id: a.id, label: a.name }))}
          security={d.security}
          version={d.version}
          refused={answer}
        />
        <GenerateForms
          axes={axes}
          defaults={d.defaults}
          security={d.security}
          version={d.version}
          max={VARIATIONS_GENERATE_MAX}
        />
        <section aria-labelledby="variations-list" className="variations-section">
          <h2 id="variations-list">{t('admin.variations.list', { count: d.variations.length })}</h2>
          <p className="variations-hint">{t('admin.variations.inherit_help')}</p>
          {d.variations.length > 0 && (
            <BulkForm security={d.security} version={d.version} deliveryTimes={deliveryTimes} />
          )}
          {d.variations.map((v) => (
            <VariationCard
              key={`${v.id}-${v.version}`}
              variation={v}
              security={d.security}
              parentPrice={d.parentPrice}
              pictures={d.pictures}
              deliveryTimes={deliveryTimes}
              depositTypes={depositTypes}
              refused={answer}
            />
          ))}
        </section>
        {d.attributes.length > 0 && (
          <SwatchesForm
            attributes={d.attributes}
            settings={d.swatchSettings}
            security={d.security}
            version={d.version}
          />
        )}
      </Section>
    </AdminPage>
  );
}
