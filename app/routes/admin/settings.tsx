import { Link } from 'react-router';
import type { Route } from './+types/settings';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { SETTINGS_SECTIONS } from '#app/components/admin/settings-sections.ts';
import { loadSettingsOverview } from '#app/http/admin/settings-overview.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-settings.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadSettingsOverview(args, handle.messageAreas);
}

/** The settings area's front page: every section with what it holds. */
export default function SettingsOverview() {
  const { t } = useI18n();
  return (
    <AdminPage title={t('admin.settings.nav')} crumbs={[]}>
      <ul className="admin-settings-sections">
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to}>{t(section.title)}</Link>
            <p>{t(section.about)}</p>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
