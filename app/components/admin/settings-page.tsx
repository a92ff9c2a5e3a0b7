import type { ReactNode } from 'react';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-settings.css?url';

// What every section of the settings area shares: its stylesheet, a title that search engines
// leave alone, the messages its forms need, and the frame around the form.

export const settingsLinks = () => [{ rel: 'stylesheet', href: stylesheet }];

export const settingsMeta = ({ data }: { data?: { title?: string } }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const settingsHandle = {
  messageAreas: ['admin', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

type Refusal = Parameters<typeof ErrorSummary>[0]['answer'];

/**
 * A settings section: breadcrumbs through the settings area, the outcome of the last save (a
 * notice after the redirect, or the refusal's summary), then the section's forms.
 */
export function SettingsPage({
  title,
  className,
  saved,
  savedText,
  refusal,
  posted = refusal !== undefined,
  children,
}: {
  title: TextKey;
  className: string;
  /** The `saved` parameter of the redirect after a save, e.g. `yes` or `unchanged`. */
  saved: string | null;
  /** The notice for each `saved` value; `unchanged` shows as information, the others as success. */
  savedText?: Record<string, TextKey>;
  refusal: Refusal;
  /** Whether this page answers a post: then the redirect's notice no longer applies. */
  posted?: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const text = savedText ?? {
    yes: 'admin.shopSettings.saved',
    unchanged: 'admin.shopSettings.unchanged',
  };
  const notice = saved && !posted ? text[saved] : undefined;
  return (
    <AdminPage
      title={t(title)}
      crumbs={[{ label: t('admin.settings.nav'), to: '/admin/settings' }]}
      className={className}
    >
      {notice && <Notice kind={saved === 'unchanged' ? 'info' : 'success'}>{t(notice)}</Notice>}
      <ErrorSummary answer={refusal} />
      {children}
    </AdminPage>
  );
}
