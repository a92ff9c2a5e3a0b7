import { Form, Link } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import {
  MAIL_LOCALES,
  SENDER_ADDRESS_MAX,
  SENDER_NAME_MAX,
  mailControlId,
} from '#app/domain/settings/mail-settings.rules.ts';
import type { MailRowView, MailSettingsAnswer } from '#app/domain/settings/mail-settings.view.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { AdminTable } from './admin-table.tsx';
import { type SettingChange, SettingChanges } from './setting-changes.tsx';

type Sender = { name: string; address: string };

const mailKey = (id: string) => `admin.mailSettings.mail.${id}` as TextKey;
const purposeKey = (id: string) => `admin.mailSettings.purpose.${id}` as TextKey;

function errorOf(answer: MailSettingsAnswer | undefined, name: string) {
  return answer?.errors.find((e) => e.field === mailControlId(name))?.message;
}

/** The sender and every mail with its switch (or why it is always sent), in one form. */
export function MailSettingsForm({
  sender,
  defaults,
  rows,
  security,
  version,
  answer,
}: {
  sender: Sender;
  defaults: Sender;
  rows: MailRowView[];
  security: string;
  version: string;
  answer: MailSettingsAnswer | undefined;
}) {
  const { t } = useI18n();
  const own = answer?.intent === 'settings' ? answer : undefined;
  const typed = own?.values;
  const checked = (row: MailRowView) => (typed ? typed[`on_${row.id}`] === 'yes' : row.enabled);
  return (
    <Form method="post" className="admin-card admin-settings-form" noValidate>
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="version" value={own?.version ?? version} />
      <h2 id="mail-sender">{t('admin.mailSettings.sender')}</h2>
      <p className="hint">{t('admin.mailSettings.sender_help')}</p>
      <Field
        id={mailControlId('sender_name')}
        label={t('admin.mailSettings.sender_name')}
        help={t('admin.shopSettings.default_hint', { value: defaults.name })}
        error={errorOf(own, 'sender_name')}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name="sender_name"
            defaultValue={typed?.sender_name ?? sender.name}
            placeholder={defaults.name}
            maxLength={SENDER_NAME_MAX}
            autoComplete="organization"
          />
        )}
      </Field>
      <Field
        id={mailControlId('sender_address')}
        label={t('admin.mailSettings.sender_address')}
        help={t('admin.shopSettings.default_hint', { value: defaults.address })}
        error={errorOf(own, 'sender_address')}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            name="sender_address"
            defaultValue={typed?.sender_address ?? sender.address}
            placeholder={defaults.address}
            maxLength={SENDER_ADDRESS_MAX}
            autoComplete="email"
          />
        )}
      </Field>
      <h2 id="mail-list">{t('admin.mailSettings.list')}</h2>
      <p className="hint">{t('admin.mailSettings.list_help')}</p>
      <AdminTable
        labelledBy="mail-list"
        columns={[
          { label: t('admin.mailSettings.col.mail') },
          { label: t('admin.mailSettings.col.recipient') },
          { label: t('admin.mailSettings.col.sent') },
          { label: t('admin.mailSettings.col.preview') },
        ]}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              <strong>{t(mailKey(row.id))}</strong>
              <br />
              <span className="hint">{t(purposeKey(row.id))}</span>
            </td>
            <td>{t(`admin.mailSettings.audience_${row.audience}` as TextKey)}</td>
            <td>
              {row.required === null ? (
                <label className="admin-mail-switch">
                  <input
                    type="checkbox"
                    name={`on_${row.id}`}
                    value="yes"
                    defaultChecked={checked(row)}
                  />{' '}
                  {t('admin.mailSettings.send')}
                  <span className="visually-hidden"> – {t(mailKey(row.id))}</span>
                </label>
              ) : row.managedAt ? (
                <span>
                  <Link to={row.managedAt}>
                    {t(`admin.mailSettings.required.${row.required}` as TextKey)}
                    <span className="visually-hidden"> – {t(mailKey(row.id))}</span>
                  </Link>
                </span>
              ) : (
                <span>
                  <strong>{t('admin.mailSettings.always_on')}</strong>
                  <br />
                  <span className="hint">
                    {t(`admin.mailSettings.required.${row.required}` as TextKey)}
                  </span>
                </span>
              )}
            </td>
            <td>
              {row.id === 'contact_form'
                ? '–'
                : MAIL_LOCALES.map((lang) => (
                    <span key={lang}>
                      <Link
                        to={`?preview=${row.id}&lang=${lang}#mail-preview`}
                        preventScrollReset={false}
                      >
                        {t('admin.mailSettings.preview_link', { lang: lang.toUpperCase() })}
                        <span className="visually-hidden"> – {t(mailKey(row.id))}</span>
                      </Link>{' '}
                    </span>
                  ))}
            </td>
          </tr>
        ))}
      </AdminTable>
      <button type="submit" className="button">
        {t('admin.shopSettings.save')}
      </button>
    </Form>
  );
}

type Preview = {
  kind: string;
  locale: 'de' | 'en';
  mail: { subject: string; text: string; html: string | null; to: string[] } | null;
  reason: 'no_order' | 'not_written' | null;
};

/** The chosen mail as it would read: subject and text here, the HTML part on a locked-down page. */
export function MailPreviewCard({ preview }: { preview: Preview }) {
  const { t } = useI18n();
  const name = t(mailKey(preview.kind));
  const lang = t(`admin.mailSettings.lang_${preview.locale}` as TextKey);
  return (
    <section
      className="admin-card admin-mail-preview"
      aria-labelledby="mail-preview"
      lang={preview.locale}
    >
      <h2 id="mail-preview" tabIndex={-1}>
        {t('admin.mailSettings.preview_heading', { mail: name, lang })}
      </h2>
      {!preview.mail ? (
        <p>
          {t(
            preview.reason === 'no_order'
              ? 'admin.mailSettings.no_order'
              : 'admin.mailSettings.preview_none',
          )}
        </p>
      ) : (
        <>
          <p className="hint">{t('admin.mailSettings.preview_help')}</p>
          <dl className="admin-mail-preview-head">
            <dt>{t('admin.mailSettings.preview_to')}</dt>
            <dd>{preview.mail.to.join(', ')}</dd>
            <dt>{t('admin.mailSettings.preview_subject')}</dt>
            <dd data-testid="preview-subject">{preview.mail.subject}</dd>
          </dl>
          <h3>{t('admin.mailSettings.preview_text')}</h3>
          <pre className="admin-mail-text" tabIndex={0} data-testid="preview-text">
            {preview.mail.text}
          </pre>
          {preview.mail.html && (
            <>
              <h3>{t('admin.mailSettings.preview_html')}</h3>
              <p>
                <a
                  href={`/admin/settings/mails/preview.html?preview=${encodeURIComponent(preview.kind)}&lang=${preview.locale}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('admin.mailSettings.preview_html_frame', { mail: name, lang })}
                </a>{' '}
                <span className="hint">{t('admin.mailSettings.preview_html_new_tab')}</span>
              </p>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Sends one mail, built from the sample order, to oneself or a typed address. */
export function TestSendForm({
  rows,
  staffEmail,
  security,
  answer,
  chosen,
}: {
  rows: MailRowView[];
  staffEmail: string;
  security: string;
  answer: MailSettingsAnswer | undefined;
  chosen: { kind: string; locale: string } | null;
}) {
  const { t, locale } = useI18n();
  const own = answer?.intent === 'test' ? answer : undefined;
  const typed = own?.values;
  return (
    <Form
      method="post"
      className="admin-card admin-settings-form"
      noValidate
      aria-labelledby="mail-test"
    >
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="intent" value="test" />
      <h2 id="mail-test">{t('admin.mailSettings.test')}</h2>
      <p className="hint">{t('admin.mailSettings.test_help', { email: staffEmail })}</p>
      {own && <Notice kind={own.ok ? 'success' : 'error'}>{own.message}</Notice>}
      <Field
        id={mailControlId('mail')}
        label={t('admin.mailSettings.test_mail')}
        error={errorOf(own, 'mail')}
      >
        {(control) => (
          <select
            {...control}
            name="mail"
            defaultValue={typed?.mail ?? chosen?.kind ?? rows[0]?.id}
          >
            {rows
              .filter((row) => row.id !== 'contact_form')
              .map((row) => (
                <option key={row.id} value={row.id}>
                  {t(mailKey(row.id))}
                </option>
              ))}
          </select>
        )}
      </Field>
      <Field
        id={mailControlId('lang')}
        label={t('admin.mailSettings.test_lang')}
        error={errorOf(own, 'lang')}
      >
        {(control) => (
          <select {...control} name="lang" defaultValue={typed?.lang ?? chosen?.locale ?? locale}>
            {MAIL_LOCALES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`admin.mailSettings.lang_${lang}` as TextKey)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={mailControlId('to')}
        label={t('admin.mailSettings.test_to')}
        help={t('admin.mailSettings.test_to_help', { email: staffEmail })}
        error={errorOf(own, 'to')}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            name="to"
            defaultValue={typed?.to ?? ''}
            placeholder={staffEmail}
            maxLength={SENDER_ADDRESS_MAX}
            autoComplete="email"
          />
        )}
      </Field>
      <button type="submit" className="button">
        {t('admin.mailSettings.test_send')}
      </button>
    </Form>
  );
}

type MailChange = SettingChange & { setting: string };

export function MailSettingChanges({ changes }: { changes: readonly MailChange[] }) {
  const { t } = useI18n();
  return (
    <SettingChanges
      id="mail-changes"
      heading={t('admin.invoiceSettings.changes')}
      whatColumn={t('admin.invoiceSettings.col.setting')}
      changes={changes}
      what={(change) => change.setting}
    />
  );
}
