import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { COUNTRY_CODES } from '#app/domain/customers/address-locale.ts';
import type { ShopOwner } from '#app/domain/settings/shop-owner.ts';
import { SHOP_NAME_MAX } from '#app/domain/settings/shop-name.rules.ts';
import {
  type CheckoutForm,
  OWNER_FIELDS,
  type OwnerField,
  settingControlId,
} from '#app/domain/settings/shop-settings.rules.ts';
import type { SettingsAnswer } from '#app/domain/settings/shop-settings.view.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { intlLocale } from '#app/lib/locale.ts';
import { type SettingChange, SettingChanges } from './setting-changes.tsx';

type Notice = { text: { de: string; en?: string }; id: string; enabled: boolean };

/** What a refused post said about each field, and what was typed. */
export function answered(answer: SettingsAnswer | undefined) {
  return {
    errorOf: (name: string) =>
      answer?.errors.find((e) => e.field === settingControlId(name))?.message,
    typed: answer?.values,
  };
}

export function FormFrame({
  security,
  version,
  answer,
  children,
}: {
  security: string;
  version: string;
  answer: SettingsAnswer | undefined;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Form method="post" className="admin-card admin-settings-form" noValidate>
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="version" value={answer?.version ?? version} />
      {children}
      <button type="submit" className="button">
        {t('admin.shopSettings.save')}
      </button>
    </Form>
  );
}

export function Checkbox({
  name,
  label,
  help,
  checked,
  error,
}: {
  name: string;
  label: string;
  help?: string;
  checked: boolean;
  error: string | undefined;
}) {
  return (
    <Field id={settingControlId(name)} layout="choice" label={label} help={help} error={error}>
      {(control) => (
        <input {...control} type="checkbox" name={name} value="yes" defaultChecked={checked} />
      )}
    </Field>
  );
}

/** A whole-number setting, typed as text so that a refused value shows as it was typed. */
export function NumberSetting({
  name,
  label,
  help,
  value,
  error,
}: {
  name: string;
  label: string;
  help: string;
  value: string;
  error: string | undefined;
}) {
  return (
    <Field id={settingControlId(name)} label={label} required error={error} help={help}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="numeric"
          name={name}
          defaultValue={value}
          maxLength={9}
          autoComplete="off"
          className="input-short"
        />
      )}
    </Field>
  );
}

/** The countries by name in the reader's language, for the owner's country. */
function countryOptions(locale: 'de' | 'en') {
  const names = new Intl.DisplayNames([intlLocale(locale)], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, intlLocale(locale)),
  );
}

/** The shop section: the owner's details, the store notice and coming-soon mode. */
export function ShopSettingsForm({
  settings,
  defaults,
  defaultName,
  security,
  version,
  answer,
}: {
  settings: { name: string; owner: ShopOwner; notice: Notice; comingSoon: boolean };
  defaults: ShopOwner;
  defaultName: string;
  security: string;
  version: string;
  answer: SettingsAnswer | undefined;
}) {
  const { t, locale } = useI18n();
  const { errorOf, typed } = answered(answer);
  const { owner, notice } = settings;
  const checked = (name: string, saved: boolean) => (typed ? typed[name] === 'yes' : saved);
  // Until the owner chooses one, the country is the shop's own.
  const country = typed?.owner_country ?? (/^[A-Z]{2}$/.test(owner.country) ? owner.country : 'DE');
  const ownerInput = (name: OwnerField, type: string, autoComplete: string) => {
    const { key, max, required } = OWNER_FIELDS[name];
    const fallback = defaults[key];
    return (
      <Field
        key={name}
        id={settingControlId(name)}
        label={t(`admin.shopSettings.${name}` as TextKey)}
        required={required}
        error={errorOf(name)}
        help={
          fallback && fallback !== '—'
            ? t('admin.shopSettings.default_hint', { value: fallback })
            : undefined
        }
      >
        {(control) => (
          <input
            {...control}
            type={type}
            name={name}
            // The stand-in dash of an unset detail is no value to edit.
            defaultValue={typed?.[name] ?? (owner[key] === '—' ? '' : owner[key])}
            placeholder={fallback && fallback !== '—' ? fallback : undefined}
            maxLength={max}
            autoComplete={autoComplete}
          />
        )}
      </Field>
    );
  };
  return (
    <FormFrame security={security} version={version} answer={answer}>
      <h2 id="shop-name">{t('admin.shopSettings.name_heading')}</h2>
      <Field
        id={settingControlId('shop_name')}
        label={t('admin.shopSettings.shop_name')}
        required
        error={errorOf('shop_name')}
        help={t('admin.shopSettings.shop_name_help', {
          max: SHOP_NAME_MAX,
          value: defaultName,
        })}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name="shop_name"
            defaultValue={typed?.shop_name ?? settings.name}
            maxLength={SHOP_NAME_MAX}
            autoComplete="off"
          />
        )}
      </Field>

      <h2 id="shop-owner">{t('admin.shopSettings.owner')}</h2>
      <p className="hint">{t('admin.shopSettings.owner_help')}</p>
      {ownerInput('owner_name', 'text', 'organization')}
      {ownerInput('owner_street', 'text', 'street-address')}
      {ownerInput('owner_postcode', 'text', 'postal-code')}
      {ownerInput('owner_city', 'text', 'address-level2')}
      <Field
        id={settingControlId('owner_country')}
        label={t('admin.shopSettings.owner_country')}
        required
        error={errorOf('owner_country')}
      >
        {(control) => (
          <select {...control} name="owner_country" defaultValue={country}>
            {countryOptions(locale).map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {ownerInput('owner_email', 'email', 'email')}
      {ownerInput('owner_phone', 'tel', 'tel')}
      {ownerInput('owner_vat_id', 'text', 'off')}
      {ownerInput('owner_register', 'text', 'off')}
      {ownerInput('owner_representative', 'text', 'off')}

      <h2 id="shop-notice">{t('admin.shopSettings.notice')}</h2>
      <Checkbox
        name="notice_on"
        label={t('admin.shopSettings.notice_on')}
        help={t('admin.shopSettings.notice_on_help')}
        checked={checked('notice_on', notice.enabled)}
        error={errorOf('notice_on')}
      />
      {(['de', 'en'] as const).map((lang) => (
        <Field
          key={lang}
          id={settingControlId(`notice_${lang}`)}
          label={t(`admin.shopSettings.notice_${lang}` as TextKey)}
          error={errorOf(`notice_${lang}`)}
          help={t(
            lang === 'de'
              ? 'admin.shopSettings.notice_de_help'
              : 'admin.shopSettings.notice_en_help',
          )}
        >
          {(control) => (
            <textarea
              {...control}
              name={`notice_${lang}`}
              rows={2}
              maxLength={500}
              defaultValue={typed?.[`notice_${lang}`] ?? notice.text[lang] ?? ''}
            />
          )}
        </Field>
      ))}

      <h2 id="shop-coming-soon">{t('admin.shopSettings.coming_soon_heading')}</h2>
      <Checkbox
        name="coming_soon"
        label={t('admin.shopSettings.coming_soon')}
        help={t('admin.shopSettings.coming_soon_help')}
        checked={checked('coming_soon', settings.comingSoon)}
        error={errorOf('coming_soon')}
      />
    </FormFrame>
  );
}

/** The checkout section: guest checkout, how long stock and carts are kept, the stock mails. */
export function CheckoutSettingsForm({
  settings,
  limits,
  security,
  version,
  answer,
}: {
  settings: CheckoutForm;
  limits: Record<string, { min: number; max: number }>;
  security: string;
  version: string;
  answer: SettingsAnswer | undefined;
}) {
  const { t } = useI18n();
  const { errorOf, typed } = answered(answer);
  const checked = (name: keyof CheckoutForm) =>
    typed ? typed[name] === 'yes' : Boolean(settings[name]);
  const number = (name: 'hold_stock_minutes' | 'guest_cart_days' | 'low_stock_amount') => (
    <NumberSetting
      name={name}
      label={t(`admin.checkoutSettings.${name}` as TextKey)}
      help={t(`admin.checkoutSettings.${name}_help` as TextKey, limits[name])}
      value={typed?.[name] ?? String(settings[name])}
      error={errorOf(name)}
    />
  );
  return (
    <FormFrame security={security} version={version} answer={answer}>
      <Checkbox
        name="guest_checkout"
        label={t('admin.checkoutSettings.guest_checkout')}
        help={t('admin.checkoutSettings.guest_checkout_help')}
        checked={checked('guest_checkout')}
        error={errorOf('guest_checkout')}
      />
      {number('hold_stock_minutes')}
      {number('guest_cart_days')}
      {number('low_stock_amount')}
      <Checkbox
        name="notify_low"
        label={t('admin.checkoutSettings.notify_low')}
        checked={checked('notify_low')}
        error={errorOf('notify_low')}
      />
      <Checkbox
        name="notify_out"
        label={t('admin.checkoutSettings.notify_out')}
        checked={checked('notify_out')}
        error={errorOf('notify_out')}
      />
    </FormFrame>
  );
}

/** One change of a section's settings, the setting already named in the reader's language. */
export type SectionChange = SettingChange & { setting: string };

/** The latest changes of a section's settings, newest first. */
export function SectionChanges({ changes }: { changes: readonly SectionChange[] }) {
  const { t } = useI18n();
  return (
    <SettingChanges
      id="settings-audit"
      heading={t('admin.shopSettings.changes')}
      whatColumn={t('admin.invoiceSettings.col.setting')}
      changes={changes}
      what={(change) => change.setting}
    />
  );
}
