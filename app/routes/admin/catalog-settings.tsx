import { useActionData } from 'react-router';
import type { Route } from './+types/catalog-settings';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { ProductPageSettingsForm } from '#app/components/admin/product-page-settings.tsx';
import { SectionChanges } from '#app/components/admin/shop-settings.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { SettingsAnswer } from '#app/domain/settings/shop-settings.view.ts';
import {
  handleProductPageSettingsForm,
  loadProductPageSettings,
} from '#app/http/admin/product-page-settings.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-settings.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadProductPageSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleProductPageSettingsForm(args);
}

/** How variation swatches behave on the product page and what an add to cart does. */
export default function CatalogSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<SettingsAnswer>();
  const { settings, defaults, version, limits, changes, security, saved } = loaderData;
  return (
    <AdminPage
      title={t('admin.catalogSettings.title')}
      crumbs={[{ label: t('admin.settings.nav'), to: '/admin/settings' }]}
      className="admin-catalog-settings"
    >
      {saved && !answer && (
        <Notice kind={saved === 'yes' ? 'success' : 'info'}>
          {t(saved === 'yes' ? 'admin.shopSettings.saved' : 'admin.shopSettings.unchanged')}
        </Notice>
      )}
      <ErrorSummary answer={answer} />
      <ProductPageSettingsForm
        key={answer ? JSON.stringify(answer.values ?? {}) : `saved-${version}`}
        settings={settings}
        defaults={defaults}
        limits={limits}
        security={security}
        version={version}
        answer={answer}
      />
      <SectionChanges changes={changes} />
    </AdminPage>
  );
}
