import type { Translate } from '#app/lib/i18n.ts';
import { type Locale } from '#app/lib/locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { FieldDefinition, FormDefinition } from './forms.types.ts';
import type { Rule } from './rules.ts';

/**
 * Turns a form definition into the rule list both the browser and the server validate
 * with, errors in the visitor's language. Acceptance, quiz and captcha are checked by the
 * server only: their answers must not reach the browser.
 */
export function compileRules(definition: FormDefinition, locale: Locale, t: Translate): Rule[] {
  return definition.fields.flatMap((field) => fieldRules(field, locale, t));
}

function fieldRules(f: FieldDefinition, locale: Locale, t: Translate): Rule[] {
  const field = f.name;
  const rules: Rule[] = [];
  if (f.type === 'acceptance' || f.type === 'quiz') return rules;
  if (f.required) {
    rules.push(
      f.type === 'file'
        ? { rule: 'requiredfile', field, error: t('forms.invalid_required') }
        : f.type === 'checkbox'
          ? { rule: 'required', field, error: t('forms.choose_one') }
          : { rule: 'required', field, error: t('forms.invalid_required') },
    );
  }
  switch (f.type) {
    case 'email':
      rules.push({ rule: 'email', field, error: t('forms.invalid_email') });
      break;
    case 'url':
      rules.push({ rule: 'url', field, error: t('forms.invalid_url') });
      break;
    case 'tel':
      rules.push({ rule: 'tel', field, error: t('forms.invalid_tel') });
      break;
    case 'number':
      rules.push({ rule: 'number', field, error: t('forms.invalid_number') });
      break;
    case 'date':
      rules.push({ rule: 'date', field, error: t('forms.invalid_date') });
      break;
    case 'time':
      rules.push({ rule: 'time', field, error: t('forms.invalid_time') });
      break;
    default:
      break;
  }
  if (f.options && (f.type === 'select' || f.type === 'radio' || f.type === 'checkbox')) {
    rules.push({
      rule: 'enum',
      field,
      error: t('forms.invalid_choice'),
      accept: f.options.map((o) => o.value),
    });
  }
  if (f.minItems !== undefined) {
    rules.push({
      rule: 'minitems',
      field,
      error: t('forms.too_few_items', { min: f.minItems }),
      threshold: f.minItems,
    });
  }
  const maxItems = f.exclusive ? 1 : f.maxItems;
  if (maxItems !== undefined) {
    rules.push({
      rule: 'maxitems',
      field,
      error: t('forms.too_many_items', { max: maxItems }),
      threshold: maxItems,
    });
  }
  if (f.minLength !== undefined) {
    rules.push({
      rule: 'minlength',
      field,
      error: t('forms.too_short', { min: f.minLength }),
      threshold: f.minLength,
    });
  }
  if (f.maxLength !== undefined) {
    rules.push({
      rule: 'maxlength',
      field,
      error: t('forms.too_long', { max: f.maxLength }),
      threshold: f.maxLength,
    });
  }
  if (f.min !== undefined) {
    rules.push({
      rule: 'minnumber',
      field,
      error: t('forms.number_too_small', { min: f.min }),
      threshold: f.min,
    });
  }
  if (f.max !== undefined) {
    rules.push({
      rule: 'maxnumber',
      field,
      error: t('forms.number_too_large', { max: f.max }),
      threshold: f.max,
    });
  }
  if (f.step !== undefined) {
    rules.push({
      rule: 'stepnumber',
      field,
      error: t('forms.invalid_step', { step: f.step }),
      base: f.min ?? 0,
      interval: f.step,
    });
  }
  if (f.minDate)
    rules.push({
      rule: 'mindate',
      field,
      error: t('forms.date_too_early', { min: f.minDate }),
      threshold: f.minDate,
    });
  if (f.maxDate)
    rules.push({
      rule: 'maxdate',
      field,
      error: t('forms.date_too_late', { max: f.maxDate }),
      threshold: f.maxDate,
    });
  if (f.daysOfWeek)
    rules.push({
      rule: 'dayofweek',
      field,
      error: t('forms.invalid_dayofweek'),
      accept: f.daysOfWeek,
    });
  if (f.type === 'file') {
    if (f.accept)
      rules.push({ rule: 'file', field, error: t('forms.file_type_invalid'), accept: f.accept });
    if (f.minFileSize !== undefined) {
      rules.push({
        rule: 'minfilesize',
        field,
        error: t('forms.file_too_small'),
        threshold: f.minFileSize,
      });
    }
    if (f.maxFileSize !== undefined) {
      rules.push({
        rule: 'maxfilesize',
        field,
        error: t('forms.file_too_large'),
        threshold: f.maxFileSize,
      });
    }
  }
  if (f.combined) {
    const error = localize(f.combined.error, locale);
    rules.push({
      rule: f.combined.rule,
      field,
      error,
      rules: f.combined.rules.map((r) => ({ ...r, field, error }) as Rule),
    });
  }
  return rules;
}
