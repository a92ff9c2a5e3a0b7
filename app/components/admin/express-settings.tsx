import { Field } from '#app/components/ui/field.tsx';
import {
  EXPRESS_BUTTON_THEMES,
  EXPRESS_BUTTON_TYPES,
  type ExpressForm,
  type ExpressNumberField,
} from '#app/domain/payments/stripe/express-settings.rules.ts';
import { settingControlId } from '#app/domain/settings/shop-settings.rules.ts';
import type { SettingsAnswer } from '#app/domain/settings/shop-settings.view.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { Checkbox, FormFrame, NumberSetting, answered } from './shop-settings.tsx';

type BoxField =
  'page_product' | 'page_cart' | 'page_checkout' | 'page_pay_for_order' | 'payer_phone';
type ChoiceField = 'button_type' | 'button_theme';

const CHOICES: Record<ChoiceField, readonly string[]> = {
  button_type: EXPRESS_BUTTON_TYPES,
  button_theme: EXPRESS_BUTTON_THEMES,
};

/**
 * The express checkout section: the pages that show the wallet buttons (Apple Pay, Google Pay)
 * and how the buttons look. Each field says its default.
 */
export function ExpressSettingsForm({
  settings,
  defaults,
  limits,
  security,
  version,
  answer,
}: {
  settings: ExpressForm;
  defaults: ExpressForm;
  limits: Record<ExpressNumberField, { min: number; max: number }>;
  security: string;
  version: string;
  answer: SettingsAnswer | undefined;
}) {
  const { t } = useI18n();
  const { errorOf, typed } = answered(answer);
  const label = (name: keyof ExpressForm) => t(`admin.expressSettings.${name}` as TextKey);
  const onOff = (on: boolean) => t(on ? 'admin.shopSettings.on' : 'admin.shopSettings.off');
  const defaultHint = (value: string) => t('admin.catalogSettings.default_hint', { value });
  const box = (name: BoxField) => (
    <Checkbox
      name={name}
      label={label(name)}
      help={defaultHint(onOff(defaults[name]))}
      checked={typed ? typed[name] === 'yes' : settings[name]}
      error={errorOf(name)}
    />
  );
  const optionText = (name: ChoiceField, value: string) =>
    t(`admin.expressSettings.${name}_${value}` as TextKey);
  const choice = (name: ChoiceField) => (
    <Field
      id={settingControlId(name)}
      label={label(name)}
      required
      error={errorOf(name)}
      help={defaultHint(optionText(name, defaults[name]))}
    >
      {(control) => (
        <select {...control} name={name} defaultValue={typed?.[name] ?? settings[name]}>
          {CHOICES[name].map((value) => (
            <option key={value} value={value}>
              {optionText(name, value)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const number = (name: ExpressNumberField) => (
    <NumberSetting
      name={name}
      label={label(name)}
      help={`${t(`admin.expressSettings.${name}_help` as TextKey, limits[name])} ${defaultHint(
        String(defaults[name]),
      )}`}
      value={typed?.[name] ?? String(settings[name])}
      error={errorOf(name)}
    />
  );
  return (
    <FormFrame security={security} version={version} answer={answer}>
      <h2 id="express-pages">{t('admin.expressSettings.pages')}</h2>
      {box('page_product')}
      {box('page_cart')}
      {box('page_checkout')}
      {box('page_pay_for_order')}
      <h2 id="express-buttons">{t('admin.expressSettings.buttons')}</h2>
      {choice('button_type')}
      {choice('button_theme')}
      {number('button_height')}
      {number('button_radius')}
      <h2 id="express-sheet">{t('admin.expressSettings.sheet')}</h2>
      {box('payer_phone')}
    </FormFrame>
  );
}
