import type { Route } from './+types/form-submission';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { loadSubmission } from '#app/http/admin/lists.server.ts';
import { type MessagesHandle, formatDateTime, formatNumber, useI18n } from '#app/lib/i18n.ts';
import { MailStatus } from './forms.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadSubmission(args, handle.messageAreas);
}

/** One submission with everything it holds; React escapes every value. */
export default function FormSubmission({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { submission: s } = loaderData;
  return (
    <AdminPage
      title={t('admin.forms.detail', { id: s.id })}
      crumbs={[{ label: t('admin.forms.title'), to: '/admin/forms' }]}
    >
      <div className="admin-columns">
        <section className="admin-card" aria-labelledby="submission-fields">
          <h2 id="submission-fields">{t('admin.forms.fields')}</h2>
          <dl className="admin-entries">
            {s.fields.map((field) => (
              <div key={field.name}>
                <dt>{field.label}</dt>
                <dd className="admin-note-text">
                  {field.values.filter((v) => v !== '').join(', ') || (
                    <span className="admin-sub">{t('admin.forms.empty_value')}</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <h3>{t('admin.forms.files')}</h3>
          {s.files.length === 0 ? (
            <p className="admin-sub">{t('admin.forms.files_none')}</p>
          ) : (
            <ul>
              {s.files.map((file, i) => (
                <li key={i}>
                  {file.name} ({file.type}, {formatNumber(Math.ceil(file.size / 1024), locale)} KB)
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="admin-card" aria-labelledby="submission-about">
          <h2 id="submission-about">{t('admin.forms.about')}</h2>
          <dl className="admin-figures">
            <div>
              <dt>{t('admin.forms.col.date')}</dt>
              <dd>{formatDateTime(s.createdAt, locale)}</dd>
            </div>
            <div>
              <dt>{t('admin.forms.col.form')}</dt>
              <dd>{s.form}</dd>
            </div>
            <div>
              <dt>{t('admin.forms.col.status')}</dt>
              <dd>
                <MailStatus status={s.status} />
              </dd>
            </div>
            {s.mailedAt && (
              <div>
                <dt>{t('admin.forms.mailed_at')}</dt>
                <dd>{formatDateTime(s.mailedAt, locale)}</dd>
              </div>
            )}
            {s.mailError && (
              <div>
                <dt>{t('admin.forms.mail_error')}</dt>
                <dd className="admin-note-text">{s.mailError}</dd>
              </div>
            )}
            <div>
              <dt>{t('admin.forms.language')}</dt>
              <dd>{s.locale.toUpperCase()}</dd>
            </div>
          </dl>
        </section>
      </div>
    </AdminPage>
  );
}
