import { Form, Link } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { StaffFormAnswer } from '#app/domain/staff/staff.view.ts';
import { type TextKey, formatDateTime, useI18n } from '#app/lib/i18n.ts';
import { AdminTable } from './admin-table.tsx';
import { ErrorSummary, refusalFor } from './form-errors.tsx';
import { type SettingChange, SettingChanges } from './setting-changes.tsx';

export type WebhookListRow = {
  id: number;
  name: string;
  status: string;
  topic: string;
  deliveryUrl: string;
  lastDelivery: { at: string; code: number | null; error: string | null } | null;
};

export type WebhookDetail = {
  id: number;
  name: string;
  status: string;
  topic: string;
  deliveryUrl: string;
  secret: string;
  failureCount: number;
};

export type DeliveryLogRow = {
  id: number;
  at: string;
  topic: string;
  attempt: number;
  code: number | null;
  error: string | null;
  durationMs: number;
  requestHeaders: string;
  requestBody: string;
  responseBody: string;
};

export const topicLabel = (topic: string) => `admin.webhooks.topic.${topic}` as TextKey;
export const statusLabel = (status: string) => `admin.webhooks.status.${status}` as TextKey;

const ok = (code: number | null) => code !== null && code >= 200 && code < 300;

const LIST_COLUMNS = ['name', 'status', 'topic', 'delivery_url', 'last_delivery'] as const;

/** Every webhook with its status and how its last delivery went. */
export function WebhookTable({ webhooks }: { webhooks: WebhookListRow[] }) {
  const { t, locale } = useI18n();
  return (
    <section className="admin-card" aria-labelledby="admin-webhooks-list">
      <h2 id="admin-webhooks-list">{t('admin.webhooks.list_title')}</h2>
      {webhooks.length === 0 ? (
        <p className="admin-empty">{t('admin.webhooks.empty')}</p>
      ) : (
        <AdminTable
          labelledBy="admin-webhooks-list"
          className="admin-webhooks-table"
          columns={LIST_COLUMNS.map((key) => ({ label: t(`admin.webhooks.col.${key}`) }))}
        >
          {webhooks.map((hook) => (
            <tr key={hook.id}>
              <th scope="row">
                <Link to={`/admin/webhooks/${hook.id}`}>{hook.name}</Link>
              </th>
              <td>
                <span className={`admin-webhook-status is-${hook.status}`}>
                  {t(statusLabel(hook.status))}
                </span>
              </td>
              <td>{t(topicLabel(hook.topic))}</td>
              <td className="admin-webhook-url">{hook.deliveryUrl}</td>
              <td>
                {hook.lastDelivery
                  ? t('admin.webhooks.last', {
                      date: formatDateTime(hook.lastDelivery.at, locale),
                      result: String(
                        hook.lastDelivery.code ??
                          hook.lastDelivery.error ??
                          t('admin.webhooks.no_answer'),
                      ),
                    })
                  : t('admin.webhooks.never')}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

/** Whether deliveries may go to addresses in private networks. */
export function PrivateTargetsForm({
  allowPrivate,
  allowedByEnv,
  security,
}: {
  allowPrivate: boolean;
  allowedByEnv: boolean;
  security: string;
}) {
  const { t } = useI18n();
  return (
    <section className="admin-card" aria-labelledby="admin-webhooks-private">
      <h2 id="admin-webhooks-private">{t('admin.webhooks.private_title')}</h2>
      <Form method="post">
        <input type="hidden" name="intent" value="settings" />
        <input type="hidden" name="security" value={security} />
        <Field
          id="webhook-allow-private"
          layout="choice"
          label={t('admin.webhooks.allow_private')}
          help={t('admin.webhooks.allow_private_help')}
        >
          {(control) => (
            <input
              {...control}
              type="checkbox"
              name="allow_private"
              value="1"
              defaultChecked={allowPrivate || allowedByEnv}
              disabled={allowedByEnv}
            />
          )}
        </Field>
        <button type="submit" className="button button-secondary" disabled={allowedByEnv}>
          {t('admin.webhooks.save_settings')}
        </button>
      </Form>
    </section>
  );
}

/** Name, topic, address, secret and status of a new or existing webhook. */
export function WebhookForm({
  webhook,
  topics,
  statuses,
  security,
  answer,
}: {
  webhook: WebhookDetail | null;
  topics: readonly string[];
  statuses: readonly string[];
  security: string;
  answer: StaffFormAnswer | undefined;
}) {
  const { t } = useI18n();
  const refused = refusalFor(answer, 'save');
  const errorOf = (id: string) => (refused?.field === id ? refused.message : undefined);
  const value = (name: string, fallback: string) => refused?.values?.[name] ?? fallback;
  return (
    <section className="admin-card admin-webhook-form" aria-labelledby="admin-webhook-details">
      <h2 id="admin-webhook-details">{t('admin.webhooks.details_title')}</h2>
      <ErrorSummary answer={refused} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="security" value={security} />
        <Field
          id="webhook-name"
          label={t('admin.webhooks.name')}
          help={t('admin.webhooks.name_help')}
          error={errorOf('webhook-name')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="name"
              maxLength={200}
              autoComplete="off"
              defaultValue={value('name', webhook?.name ?? '')}
            />
          )}
        </Field>
        <Field
          id="webhook-topic"
          label={t('admin.webhooks.topic')}
          help={t('admin.webhooks.topic_help')}
          required
          error={errorOf('webhook-topic')}
        >
          {(control) => (
            <select
              {...control}
              name="topic"
              defaultValue={value('topic', webhook?.topic ?? 'order.created')}
            >
              {topics.map((topic) => (
                <option key={topic} value={topic}>
                  {t(topicLabel(topic))} ({topic})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="webhook-delivery_url"
          label={t('admin.webhooks.delivery_url')}
          help={t('admin.webhooks.delivery_url_help')}
          required
          error={errorOf('webhook-delivery_url')}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              name="delivery_url"
              maxLength={2000}
              autoComplete="off"
              spellCheck={false}
              defaultValue={value('delivery_url', webhook?.deliveryUrl ?? '')}
            />
          )}
        </Field>
        <Field
          id="webhook-secret"
          label={t('admin.webhooks.secret')}
          help={t('admin.webhooks.secret_help')}
          error={errorOf('webhook-secret')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="secret"
              maxLength={200}
              autoComplete="off"
              spellCheck={false}
              defaultValue={value('secret', webhook?.secret ?? '')}
            />
          )}
        </Field>
        <Field
          id="webhook-status"
          label={t('admin.webhooks.status')}
          required
          error={errorOf('webhook-status')}
        >
          {(control) => (
            <select
              {...control}
              name="status"
              defaultValue={value('status', webhook?.status ?? 'active')}
            >
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {t(statusLabel(status))}
                </option>
              ))}
            </select>
          )}
        </Field>
        {webhook && webhook.failureCount > 0 && (
          <p className="admin-webhook-failures">
            {t('admin.webhooks.failures', { count: webhook.failureCount })}
          </p>
        )}
        <button type="submit" className="button">
          {t('admin.webhooks.save')}
        </button>
      </Form>
    </section>
  );
}

/** The test ping and deleting: the webhook's two other actions. */
export function WebhookActions({
  webhook,
  security,
  ping,
}: {
  webhook: WebhookDetail;
  security: string;
  ping: { ok: boolean; message: string } | undefined;
}) {
  const { t } = useI18n();
  return (
    <>
      <section className="admin-card" aria-labelledby="admin-webhook-ping">
        <h2 id="admin-webhook-ping">{t('admin.webhooks.ping_title')}</h2>
        {ping && <Notice kind={ping.ok ? 'success' : 'error'}>{ping.message}</Notice>}
        <p>{t('admin.webhooks.ping_help')}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="ping" />
          <input type="hidden" name="security" value={security} />
          <button type="submit" className="button button-secondary">
            {t('admin.webhooks.ping')}
          </button>
        </Form>
      </section>
      <section className="admin-card admin-danger" aria-labelledby="admin-webhook-delete">
        <h2 id="admin-webhook-delete">{t('admin.webhooks.delete_title')}</h2>
        <p>{t('admin.webhooks.delete_confirm', { name: webhook.name })}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="security" value={security} />
          <button type="submit" className="button admin-button-danger">
            {t('admin.webhooks.delete', { name: webhook.name })}
          </button>
        </Form>
      </section>
    </>
  );
}

const LOG_COLUMNS = ['time', 'topic', 'attempt', 'response', 'duration', 'details'] as const;

/** The newest delivery attempts, each with its request and answer behind a disclosure. */
export function DeliveryLog({ log }: { log: DeliveryLogRow[] }) {
  const { t, locale } = useI18n();
  return (
    <section className="admin-card" aria-labelledby="admin-webhook-log">
      <h2 id="admin-webhook-log">{t('admin.webhooks.log_title')}</h2>
      {log.length === 0 ? (
        <p className="admin-empty">{t('admin.webhooks.log_empty')}</p>
      ) : (
        <AdminTable
          labelledBy="admin-webhook-log"
          className="admin-webhook-log"
          columns={LOG_COLUMNS.map((key) => ({
            label: t(`admin.webhooks.log.col.${key}`),
            numeric: key === 'attempt' || key === 'duration',
          }))}
        >
          {log.map((entry) => (
            <tr key={entry.id}>
              <th scope="row">{formatDateTime(entry.at, locale)}</th>
              <td>{entry.topic}</td>
              <td className="num">{entry.attempt}</td>
              <td>
                <span className={ok(entry.code) ? 'admin-webhook-ok' : 'admin-webhook-failed'}>
                  {entry.code ?? entry.error ?? t('admin.webhooks.no_answer')}
                </span>
              </td>
              <td className="num">{t('admin.webhooks.log.duration', { ms: entry.durationMs })}</td>
              <td>
                <details>
                  <summary>{t('admin.webhooks.log.show', { id: entry.id })}</summary>
                  <h3>{t('admin.webhooks.log.request')}</h3>
                  <pre>{`${entry.requestHeaders}\n\n${entry.requestBody}`}</pre>
                  <h3>{t('admin.webhooks.log.response')}</h3>
                  <pre>{entry.responseBody || entry.error || ''}</pre>
                </details>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

export type WebhookChange = SettingChange & { action: string; fields: string };

/** Who changed the webhook and how, newest first; the secret only as a fingerprint. */
export function WebhookChanges({ changes }: { changes: readonly WebhookChange[] }) {
  const { t } = useI18n();
  return (
    <SettingChanges
      id="admin-webhook-changes"
      heading={t('admin.webhooks.changes')}
      whatColumn={t('admin.webhooks.col.action')}
      changes={changes}
      what={(change) => (
        <>
          {t(`admin.webhooks.action.${change.action}` as TextKey)}
          {change.action === 'update' && change.fields && `: ${change.fields}`}
        </>
      )}
    />
  );
}
