import { Form } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { type TextKey, formatDate, formatDateTime, useI18n } from '#app/lib/i18n.ts';
import type { StaffFormAnswer } from '#app/domain/staff/staff.view.ts';
import { AdminTable } from './admin-table.tsx';
import { ErrorSummary, refusalFor } from './form-errors.tsx';

export type StaffRow = {
  id: number;
  name: string;
  email: string;
  role: string;
  lastLogin: string | null;
  createdAt: string;
};

const ROLES = ['shop_manager', 'administrator'] as const;

export const roleName = (role: string) => `admin.staff.role.${role}` as TextKey;

const STAFF_COLUMNS = ['name', 'email', 'last_login', 'created', 'role'] as const;

/** The staff table: each member's role with a form to change it, but one's own. */
export function StaffTable({
  staff,
  selfId,
  security,
  answer,
}: {
  staff: StaffRow[];
  selfId: number;
  security: string;
  answer: StaffFormAnswer | undefined;
}) {
  const { t, locale } = useI18n();
  const refused = refusalFor(answer, 'role');
  return (
    <section className="admin-card" aria-labelledby="admin-staff-list">
      <h2 id="admin-staff-list">{t('admin.staff.list_title')}</h2>
      <ErrorSummary answer={refused} />
      <AdminTable
        labelledBy="admin-staff-list"
        className="admin-staff-table"
        columns={STAFF_COLUMNS.map((key) => ({ label: t(`admin.staff.col.${key}`) }))}
      >
        {staff.map((member) => {
          const fieldId = `role-${member.id}`;
          const error = refused?.field === fieldId ? refused.message : undefined;
          return (
            <tr key={member.id}>
              <th scope="row">{member.name || member.email}</th>
              <td>{member.email}</td>
              <td>
                {member.lastLogin
                  ? formatDateTime(member.lastLogin, locale)
                  : t('admin.staff.not_recorded')}
              </td>
              <td>{formatDate(member.createdAt, locale)}</td>
              <td>
                {member.id === selfId ? (
                  <>
                    {t(roleName(member.role))}{' '}
                    <span className="admin-hint">{t('admin.staff.you')}</span>
                  </>
                ) : (
                  <Form method="post" className="admin-role-form">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="security" value={security} />
                    <input type="hidden" name="id" value={member.id} />
                    <Field
                      id={fieldId}
                      label={t('admin.staff.role_of', { email: member.email })}
                      error={error}
                      required
                    >
                      {(control) => (
                        <select {...control} name="role" defaultValue={member.role}>
                          {[...ROLES, 'customer'].map((role) => (
                            <option key={role} value={role}>
                              {t(roleName(role))}
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                    <button type="submit" className="button">
                      {t('admin.staff.change_role')}
                      <span className="visually-hidden">
                        {' '}
                        {t('admin.staff.change_role_of', { email: member.email })}
                      </span>
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          );
        })}
      </AdminTable>
    </section>
  );
}

/** Adds a staff member by address: an existing account gets the role, a new one a mail. */
export function AddStaffForm({
  security,
  answer,
}: {
  security: string;
  answer: StaffFormAnswer | undefined;
}) {
  const { t } = useI18n();
  const refused = refusalFor(answer, 'add');
  const errorOf = (field: string) => (refused?.field === field ? refused.message : undefined);
  return (
    <section className="admin-card admin-staff-add" aria-labelledby="admin-staff-add">
      <h2 id="admin-staff-add">{t('admin.staff.add_title')}</h2>
      <p className="admin-hint">{t('admin.staff.add_help')}</p>
      <ErrorSummary answer={refused} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="security" value={security} />
        <Field
          id="staff-email"
          label={t('admin.staff.email')}
          required
          error={errorOf('staff-email')}
        >
          {(control) => (
            <input
              {...control}
              type="email"
              name="email"
              autoComplete="off"
              maxLength={254}
              defaultValue={refused?.values?.email ?? ''}
            />
          )}
        </Field>
        <Field id="staff-role" label={t('admin.staff.role')} required error={errorOf('staff-role')}>
          {(control) => (
            <select {...control} name="role" defaultValue={refused?.values?.role || 'shop_manager'}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(roleName(role))}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="button">
          {t('admin.staff.add')}
        </button>
      </Form>
    </section>
  );
}
