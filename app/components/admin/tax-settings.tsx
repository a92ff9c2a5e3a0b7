import { Form } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { countryName } from '#app/domain/customers/address-locale.ts';
import {
  type RateRow,
  type TaxSettingField,
  type TaxSettings,
  taxControlId,
} from '#app/domain/invoices/tax-settings.rules.ts';
import type { TaxSettingsAnswer } from '#app/domain/invoices/tax-settings.view.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { AdminTable } from './admin-table.tsx';
import type { InvoiceSettingChange } from './invoice-settings.tsx';
import { SettingChanges } from './setting-changes.tsx';

/** OSS and the small-business mode, with their errors beside them after a refused post. */
export function TaxSettingsForm({
  settings,
  security,
  version,
  answer,
}: {
  settings: TaxSettings;
  security: string;
  version: string;
  answer: TaxSettingsAnswer | undefined;
}) {
  const { t } = useI18n();
  const errorOf = (name: TaxSettingField) =>
    answer?.errors.find((e) => e.field === taxControlId(name))?.message;
  const typed = answer?.values;
  const checked = (name: TaxSettingField, saved: boolean) =>
    typed ? typed[name] === 'yes' : saved;
  return (
    <Form method="post" className="admin-card admin-settings-form" noValidate>
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="version" value={answer?.version ?? version} />
      <Field
        id={taxControlId('oss')}
        layout="choice"
        label={t('admin.taxSettings.oss')}
        help={t('admin.taxSettings.oss_help')}
        error={errorOf('oss')}
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            name="oss"
            value="yes"
            defaultChecked={checked('oss', settings.oss)}
          />
        )}
      </Field>
      <Field
        id={taxControlId('small_business')}
        layout="choice"
        label={t('admin.taxSettings.small_business')}
        help={t('admin.taxSettings.small_business_help')}
        error={errorOf('small_business')}
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            name="small_business"
            value="yes"
            defaultChecked={checked('small_business', settings.smallBusiness)}
          />
        )}
      </Field>
      <p className="hint">{t('admin.taxSettings.export_help')}</p>
      <button type="submit" className="button">
        {t('admin.taxSettings.save')}
      </button>
    </Form>
  );
}

/** The VAT rates per member state and class, as the cart applies them; read only. */
export function VatRateTable({ rates }: { rates: RateRow[] }) {
  const { t, locale } = useI18n();
  return (
    <section className="admin-card" aria-labelledby="tax-rates">
      <h2 id="tax-rates">{t('admin.taxSettings.rates')}</h2>
      <p className="hint">{t('admin.taxSettings.rates_help')}</p>
      <AdminTable
        labelledBy="tax-rates"
        columns={[
          { label: t('admin.taxSettings.col.country') },
          { label: t('admin.taxSettings.col.standard') },
          { label: t('admin.taxSettings.col.reduced') },
        ]}
      >
        {rates.map((row) => (
          <tr key={row.country}>
            <th scope="row">
              {countryName(row.country, locale)} ({row.country})
            </th>
            <td>{formatRate(row.rates.standard, locale)}</td>
            <td>{formatRate(row.rates.reduced, locale)}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

/** The latest changes of the tax settings, newest first. */
export function TaxSettingChanges({ changes }: { changes: readonly InvoiceSettingChange[] }) {
  const { t } = useI18n();
  return (
    <SettingChanges
      id="tax-settings-audit"
      heading={t('admin.taxSettings.changes')}
      whatColumn={t('admin.taxSettings.col.setting')}
      changes={changes}
      what={(change) => t(`admin.taxSettings.setting.${change.setting}` as TextKey)}
    />
  );
}
