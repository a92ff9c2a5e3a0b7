// The settings area's front page (/admin/settings): shop managers and administrators.
import type { AppLoadContext } from 'react-router';
import type { MessageArea } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { staffShop } from './staff.server.ts';

export async function loadSettingsOverview(
  args: { request: Request; context: AppLoadContext },
  areas: readonly MessageArea[],
) {
  const { locale, t } = await staffShop(args);
  return { title: t('admin.settings.nav'), messages: messagesFor(locale, areas) };
}
