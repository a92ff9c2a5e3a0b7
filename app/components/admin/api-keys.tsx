import { Form, Link } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import type { CreatedKeyAnswer, StaffFormAnswer } from '#app/domain/staff/staff.view.ts';
import { type TextKey, formatDate, formatDateTime, useI18n } from '#app/lib/i18n.ts';
import { AdminTable } from './admin-table.tsx';
import { ErrorSummary, refusalFor } from './form-errors.tsx';

export type ApiKeyRow = {
  id: number;
  description: string;
  permissions: string;
  truncatedKey: string;
  lastAccess: string | null;
  createdAt: string;
  ownerEmail: string;
};

const PERMISSIONS = ['read', 'write', 'read_write'] as const;
const permissionName = (p: string) => `admin.apiKeys.permission.${p}` as TextKey;
/** `ck_…` and the key's last four characters, the way WooCommerce lists keys. */
export const shortKey = (truncated: string) => `ck_…${truncated.slice(-4)}`;

const KEY_COLUMNS = [
  'description',
  'owner',
  'permissions',
  'key',
  'last_access',
  'created',
  'actions',
] as const;

/** The keys in use, each with a link to its revocation. */
export function ApiKeyTable({ keys }: { keys: ApiKeyRow[] }) {
  const { t, locale } = useI18n();
  return (
    <section className="admin-card" aria-labelledby="admin-keys-list">
      <h2 id="admin-keys-list">{t('admin.apiKeys.list_title')}</h2>
      {keys.length === 0 ? (
        <p className="admin-empty">{t('admin.apiKeys.empty')}</p>
      ) : (
        <AdminTable
          labelledBy="admin-keys-list"
          className="admin-keys-table"
          columns={KEY_COLUMNS.map((key) => ({ label: t(`admin.apiKeys.col.${key}`) }))}
        >
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row">{key.description}</th>
              <td>{key.ownerEmail}</td>
              <td>{t(permissionName(key.permissions))}</td>
              <td>
                <code>{shortKey(key.truncatedKey)}</code>
              </td>
              <td>
                {key.lastAccess ? formatDateTime(key.lastAccess, locale) : t('admin.apiKeys.never')}
              </td>
              <td>{formatDate(key.createdAt, locale)}</td>
              <td>
                <Link to={`/admin/api-keys?revoke=${key.id}`}>
                  {t('admin.apiKeys.revoke')}
                  <span className="visually-hidden">
                    {' '}
                    {t('admin.apiKeys.revoke_which', { key: shortKey(key.truncatedKey) })}
                  </span>
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

/** The confirmation before a key is revoked: what it ends, and the one button that does it. */
export function RevokeKey({
  apiKey,
  security,
  answer,
}: {
  apiKey: ApiKeyRow;
  security: string;
  answer: StaffFormAnswer | undefined;
}) {
  const { t } = useI18n();
  return (
    <section className="admin-card admin-danger" aria-labelledby="admin-key-revoke">
      <h2 id="admin-key-revoke">{t('admin.apiKeys.revoke_title')}</h2>
      <ErrorSummary answer={refusalFor(answer, 'revoke')} />
      <p>
        {t('admin.apiKeys.revoke_confirm', {
          description: apiKey.description,
          key: shortKey(apiKey.truncatedKey),
          owner: apiKey.ownerEmail,
        })}
      </p>
      <Form method="post" className="admin-confirm">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="security" value={security} />
        <input type="hidden" name="id" value={apiKey.id} />
        <button type="submit" className="button admin-button-danger">
          {t('admin.apiKeys.revoke_button', { key: shortKey(apiKey.truncatedKey) })}
        </button>
        <Link to="/admin/api-keys">{t('admin.apiKeys.cancel')}</Link>
      </Form>
    </section>
  );
}

/** The one time a key's credentials are shown: right after it was created. */
export function CreatedKey({ created }: CreatedKeyAnswer) {
  const { t } = useI18n();
  return (
    <section
      className="admin-card admin-key-created"
      aria-labelledby="admin-key-created"
      tabIndex={-1}
    >
      <h2 id="admin-key-created">{t('admin.apiKeys.created_title')}</h2>
      <p>
        <strong>{t('admin.apiKeys.created_once')}</strong> {t('admin.apiKeys.copy_hint')}
      </p>
      <dl className="admin-key-credentials">
        <dt>{t('admin.apiKeys.col.description')}</dt>
        <dd>{created.description}</dd>
        <dt>{t('admin.apiKeys.col.owner')}</dt>
        <dd>{created.owner}</dd>
        <dt>{t('admin.apiKeys.col.permissions')}</dt>
        <dd>{t(permissionName(created.permissions))}</dd>
        <dt>{t('admin.apiKeys.consumer_key')}</dt>
        <dd>
          <code className="admin-secret">{created.consumerKey}</code>
        </dd>
        <dt>{t('admin.apiKeys.consumer_secret')}</dt>
        <dd>
          <code className="admin-secret">{created.consumerSecret}</code>
        </dd>
      </dl>
    </section>
  );
}

/** Creates a key: description, the staff member it acts as, and what it may do. */
export function CreateKeyForm({
  owners,
  selfId,
  security,
  createToken,
  answer,
}: {
  owners: { id: number; label: string }[];
  selfId: number;
  security: string;
  createToken: string;
  answer: StaffFormAnswer | undefined;
}) {
  const { t } = useI18n();
  const refused = refusalFor(answer, 'create');
  const errorOf = (field: string) => (refused?.field === field ? refused.message : undefined);
  return (
    <section className="admin-card admin-key-create" aria-labelledby="admin-key-create">
      <h2 id="admin-key-create">{t('admin.apiKeys.create_title')}</h2>
      <ErrorSummary answer={refused} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="security" value={security} />
        <input type="hidden" name="create_token" value={createToken} />
        <Field
          id="key-description"
          label={t('admin.apiKeys.description')}
          help={t('admin.apiKeys.description_help')}
          required
          error={errorOf('key-description')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="description"
              maxLength={200}
              autoComplete="off"
              defaultValue={refused?.values?.description ?? ''}
            />
          )}
        </Field>
        <Field
          id="key-owner"
          label={t('admin.apiKeys.owner')}
          help={t('admin.apiKeys.owner_help')}
          required
          error={errorOf('key-owner')}
        >
          {(control) => (
            <select
              {...control}
              name="owner"
              defaultValue={refused?.values?.owner || String(selfId)}
            >
              {owners.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="key-permissions"
          label={t('admin.apiKeys.permissions')}
          required
          error={errorOf('key-permissions')}
        >
          {(control) => (
            <select
              {...control}
              name="permissions"
              defaultValue={refused?.values?.permissions || 'read'}
            >
              {PERMISSIONS.map((p) => (
                <option key={p} value={p}>
                  {t(permissionName(p))}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="button">
          {t('admin.apiKeys.create')}
        </button>
      </Form>
    </section>
  );
}
