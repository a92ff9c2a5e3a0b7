import { Form } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import {
  type TaxSettingField,
  type TaxSettings,
  taxControlId,
} from '#app/domain/invoices/tax-settings.rules.ts';
import type { TaxSettingsAnswer } from '#app/domain/invoices/tax-settings.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
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
      <Field
        id={taxControlId('prices_include_tax')}
        layout="choice"
        label={t('admin.taxSettings.prices_include_tax')}
        help={t('admin.taxSettings.prices_include_tax_help')}
        error={errorOf('prices_include_tax')}
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            name="prices_include_tax"
            value="yes"
            defaultChecked={checked('prices_include_tax', settings.pricesIncludeTax)}
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

/** The latest changes of the tax settings, newest first. */
export function TaxSettingChanges({ changes }: { changes: readonly InvoiceSettingChange[] }) {
  const { t } = useI18n();
  return (
    <SettingChanges
      id="tax-settings-audit"
      heading={t('admin.taxSettings.changes')}
      whatColumn={t('admin.taxSettings.col.setting')}
      changes={changes}
      what={(change) => change.setting}
    />
  );
}
