import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/legal-page-edit';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { Notice, NoticeList } from '#app/components/ui/notice.tsx';
import { handleLegalEditor, loadLegalEditor } from '#app/http/pages/legal-editor.server.ts';
import { LEGAL_EDITOR_MESSAGE_AREAS } from '#app/domain/legal/legal-editor.view.ts';
import { type MessagesHandle, formatDate, useI18n } from '#app/lib/i18n.ts';
import { LOCALES } from '#app/lib/locale.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: LEGAL_EDITOR_MESSAGE_AREAS } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadLegalEditor(args);
}

export async function action(args: Route.ActionArgs) {
  return handleLegalEditor(args);
}

/**
 * One legal page in both languages as editable text; publishing makes a new version, and the
 * orders placed so far keep theirs.
 */
export default function LegalPageEdit({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const result = useActionData<typeof action>();
  const draft = result?.draft ?? loaderData.draft;
  const errorFor = (field: string) => result?.errors.find((e) => e.field === field)?.message;
  const { security, slug, limits } = loaderData;
  return (
    <AdminPage
      title={loaderData.heading}
      crumbs={[{ label: t('admin.legal_pages'), to: '/admin/legal-pages' }]}
    >
      <p>
        <Link to="/admin/legal-pages">{t('legal_editor.back')}</Link>
      </p>
      {loaderData.notice && <Notice kind="success">{loaderData.notice}</Notice>}
      {result && result.errors.length > 0 && (
        <NoticeList
          notices={result.errors.map((e) => ({
            kind: 'error' as const,
            text: e.message,
            ...(e.field ? { field: e.field } : {}),
          }))}
        />
      )}
      <p>{t('legal_editor.in_force', { version: loaderData.version })}</p>
      <Form method="post" className="legal-editor" reloadDocument>
        <input type="hidden" name="security" value={security} />
        <input type="hidden" name="intent" value="publish" />
        <p className="hint" id="legal-format-help">
          {t('legal_editor.format_help')}
        </p>
        {LOCALES.map((language) => {
          const values = draft[language];
          const legend = t(`legal_editor.language_${language}`);
          return (
            <fieldset key={language} className="legal-editor-language" lang={language}>
              <legend>{legend}</legend>
              <Field
                id={`title_${language}`}
                label={`${t('legal_editor.field_title')} (${legend})`}
                required
                error={errorFor(`title_${language}`)}
              >
                {(control) => (
                  <input
                    {...control}
                    name={`title_${language}`}
                    type="text"
                    defaultValue={values.title}
                    maxLength={limits.title}
                    required
                  />
                )}
              </Field>
              <Field
                id={`notice_${language}`}
                label={`${t('legal_editor.field_notice')} (${legend})`}
                help={t('legal_editor.field_notice_help')}
                error={errorFor(`notice_${language}`)}
              >
                {(control) => (
                  <textarea
                    {...control}
                    name={`notice_${language}`}
                    rows={4}
                    defaultValue={values.notice}
                    maxLength={limits.notice}
                  />
                )}
              </Field>
              <Field
                id={`text_${language}`}
                label={`${t('legal_editor.field_text')} (${legend})`}
                required
                error={errorFor(`text_${language}`)}
                describedBy={['legal-format-help']}
              >
                {(control) => (
                  <textarea
                    {...control}
                    name={`text_${language}`}
                    className="legal-editor-text"
                    rows={20}
                    defaultValue={values.text}
                    maxLength={limits.text}
                    required
                    spellCheck
                  />
                )}
              </Field>
            </fieldset>
          );
        })}
        <button type="submit" className="button button-primary">
          {t('legal_editor.publish')}
        </button>
      </Form>
      <Form method="post" className="legal-editor-restore" reloadDocument>
        <input type="hidden" name="security" value={security} />
        <input type="hidden" name="intent" value="restore" />
        <p className="hint" id="legal-restore-help">
          {t('legal_editor.restore_help')}
        </p>
        <button type="submit" className="button" aria-describedby="legal-restore-help">
          {t('legal_editor.restore')}
        </button>
      </Form>
      <section aria-labelledby="legal-history">
        <h2 id="legal-history">{t('legal_editor.history')}</h2>
        <ol className="legal-history" reversed>
          {loaderData.history.map((entry) => (
            <li key={entry.version}>
              {t('legal_editor.history_entry', {
                version: entry.version,
                date: formatDate(entry.publishedAt, locale),
                source: t(`legal_editor.source_${entry.source}`),
              })}
            </li>
          ))}
        </ol>
        <p>
          <a href={`/${slug}`}>{t('legal_editor.view', { page: loaderData.name })}</a>
        </p>
      </section>
    </AdminPage>
  );
}
