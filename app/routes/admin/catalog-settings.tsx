import { useActionData } from 'react-router';
import type { Route } from './+types/catalog-settings';
import { ProductPageSettingsForm } from '#app/components/admin/product-page-settings.tsx';
import {
  SettingsPage,
  settingsHandle,
  settingsLinks,
  settingsMeta,
} from '#app/components/admin/settings-page.tsx';
import { SectionChanges } from '#app/components/admin/shop-settings.tsx';
import type { SettingsAnswer } from '#app/domain/settings/shop-settings.view.ts';
import {
  handleProductPageSettingsForm,
  loadProductPageSettings,
} from '#app/http/admin/product-page-settings.server.ts';

export const links = settingsLinks;
export const meta = settingsMeta;
export const handle = settingsHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadProductPageSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleProductPageSettingsForm(args);
}

/** How variation swatches behave on the product page and what an add to cart does. */
export default function CatalogSettingsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<SettingsAnswer>();
  const { settings, defaults, version, limits, changes, security, saved } = loaderData;
  return (
    <SettingsPage
      title="admin.catalogSettings.title"
      className="admin-catalog-settings"
      saved={saved}
      refusal={answer}
    >
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
    </SettingsPage>
  );
}
