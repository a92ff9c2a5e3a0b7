import { useState } from 'react';
import { Form } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import {
  type InvoiceSettingField,
  type InvoiceSettings,
  ISSUE_ON_VALUES,
  controlId,
} from '#app/domain/invoices/invoice-settings.rules.ts';
import type { InvoiceSettingsAnswer } from '#app/domain/invoices/invoice-settings.view.ts';
import { formatInvoiceNumber, isValidPattern } from '#app/domain/invoices/numbering.rules.ts';
import type { InvoiceKind } from '#app/domain/invoices/invoices.schema.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { type SettingChange, SettingChanges } from './setting-changes.tsx';

type Numbering = {
  year: number;
  nextSequence: Record<InvoiceKind, number>;
  defaults: Record<InvoiceKind, string>;
};

/** A number pattern with its default and the next number it gives, following what is typed. */
function PatternField({
  kind,
  name,
  saved,
  typed,
  numbering,
  error,
}: {
  kind: InvoiceKind;
  name: InvoiceSettingField;
  saved: string;
  typed: string | undefined;
  numbering: Numbering;
  error: string | undefined;
}) {
  const { t } = useI18n();
  const [pattern, setPattern] = useState(typed ?? saved);
  const id = controlId(name);
  const next = isValidPattern(pattern.trim())
    ? formatInvoiceNumber(pattern.trim(), numbering.year, numbering.nextSequence[kind])
    : null;
  return (
    <Field
      id={id}
      label={t(`admin.invoiceSettings.${name}` as TextKey)}
      required
      error={error}
      help={t('admin.invoiceSettings.pattern_help', { default: numbering.defaults[kind] })}
      describedBy={[`${id}-next`]}
    >
      {(control) => (
        <>
          <input
            {...control}
            type="text"
            name={name}
            value={pattern}
            onChange={(event) => setPattern(event.currentTarget.value)}
            maxLength={40}
            spellCheck={false}
            autoComplete="off"
          />
          <p className="hint admin-settings-next" id={`${id}-next`} aria-live="polite">
            {next
              ? t('admin.invoiceSettings.next_number', { number: next })
              : t('admin.invoiceSettings.next_number_none')}
          </p>
        </>
      )}
    </Field>
  );
}

/** The invoice settings form: every field, with its error beside it after a refused post. */
export function InvoiceSettingsForm({
  settings,
  numbering,
  owner,
  security,
  version,
  answer,
}: {
  settings: InvoiceSettings;
  numbering: Numbering;
  owner: { name: string; vatId: string };
  security: string;
  /** The settings' version the form was filled in against. */
  version: string;
  answer: InvoiceSettingsAnswer | undefined;
}) {
  const { t } = useI18n();
  const errorOf = (name: InvoiceSettingField) =>
    answer?.errors.find((e) => e.field === controlId(name))?.message;
  const typed = answer?.values;
  const checked = (name: InvoiceSettingField, saved: boolean) =>
    typed ? typed[name] === 'yes' : saved;
  const issueOn = typed?.issue_on ?? settings.issueOn;
  return (
    <Form method="post" className="admin-card admin-settings-form" noValidate>
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="version" value={answer?.version ?? version} />
      <Field
        id={controlId('issue_on')}
        layout="group"
        label={t('admin.invoiceSettings.issue_on')}
        required
        error={errorOf('issue_on')}
      >
        {({ id }) => (
          <>
            {ISSUE_ON_VALUES.map((value, i) => (
              <label key={value} className="choice">
                <input
                  type="radio"
                  name="issue_on"
                  value={value}
                  id={i === 0 ? id : `${id}-${value}`}
                  defaultChecked={issueOn === value}
                />
                <span>{t(`admin.invoiceSettings.issue_on_${value}` as TextKey)}</span>
              </label>
            ))}
          </>
        )}
      </Field>
      <Field
        id={controlId('attach_to_mail')}
        layout="choice"
        label={t('admin.invoiceSettings.attach_to_mail')}
        help={t('admin.invoiceSettings.attach_to_mail_help')}
        error={errorOf('attach_to_mail')}
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            name="attach_to_mail"
            value="yes"
            defaultChecked={checked('attach_to_mail', settings.attachToMail)}
          />
        )}
      </Field>
      <Field
        id={controlId('small_business')}
        layout="choice"
        label={t('admin.invoiceSettings.small_business')}
        help={t('admin.invoiceSettings.small_business_help')}
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
        id={controlId('tax_number')}
        label={t('admin.invoiceSettings.tax_number')}
        help={t('admin.invoiceSettings.tax_number_help')}
        error={errorOf('tax_number')}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name="tax_number"
            defaultValue={typed?.tax_number ?? settings.taxNumber}
            maxLength={40}
            autoComplete="off"
          />
        )}
      </Field>
      <div className="admin-settings-owner">
        <h2 id="invoice-seller">{t('admin.invoiceSettings.seller')}</h2>
        <dl>
          <dt>{t('admin.invoiceSettings.seller_name')}</dt>
          <dd>{owner.name}</dd>
          <dt>{t('admin.invoiceSettings.vat_id')}</dt>
          <dd>{owner.vatId}</dd>
        </dl>
        <p className="hint">{t('admin.invoiceSettings.seller_help')}</p>
      </div>
      <PatternField
        kind="invoice"
        name="invoice_pattern"
        saved={settings.invoicePattern}
        typed={typed?.invoice_pattern}
        numbering={numbering}
        error={errorOf('invoice_pattern')}
      />
      <PatternField
        kind="cancellation"
        name="cancellation_pattern"
        saved={settings.cancellationPattern}
        typed={typed?.cancellation_pattern}
        numbering={numbering}
        error={errorOf('cancellation_pattern')}
      />
      <button type="submit" className="button">
        {t('admin.invoiceSettings.save')}
      </button>
    </Form>
  );
}

/** The latest changes of the invoice settings, newest first. */
export function InvoiceSettingChanges({ changes }: { changes: readonly InvoiceSettingChange[] }) {
  const { t } = useI18n();
  return (
    <SettingChanges
      id="invoice-settings-audit"
      heading={t('admin.invoiceSettings.changes')}
      whatColumn={t('admin.invoiceSettings.col.setting')}
      changes={changes}
      what={(change) => t(`admin.invoiceSettings.setting.${change.setting}` as TextKey)}
    />
  );
}

export type InvoiceSettingChange = SettingChange & { setting: string };
