import type { ContactFormView, FieldView } from '#app/domain/forms/forms.view.ts';
import { formatNumber, useI18n } from '#app/lib/i18n.ts';
import { type ControlProps, Field } from './ui/field.tsx';

export function fieldId(view: ContactFormView, name: string): string {
  return `${view.unitTag}-${name}`;
}

export function labelOf(view: ContactFormView, name: string, captchaLabel: string): string {
  return view.fields.find((f) => f.name === name)?.label ?? captchaLabel;
}

/** One field of the form, drawn by its type inside the shop's common field frame. */
export function FormField({
  view,
  field,
  error,
  posted,
  length,
  locale,
}: {
  view: ContactFormView;
  field: FieldView;
  error?: string;
  posted?: string[];
  length: number;
  locale: 'de' | 'en';
}) {
  const { t } = useI18n();
  const id = fieldId(view, field.name);
  const frame = {
    id,
    required: field.required,
    help: field.help || undefined,
    error,
    className: `field-${field.type}`,
  };

  if (field.type === 'acceptance') {
    return (
      <Field {...frame} label={field.label} layout="choice">
        {(control) => (
          <input
            type="checkbox"
            value="1"
            name={field.name}
            {...control}
            defaultChecked={posted?.includes('1')}
          />
        )}
      </Field>
    );
  }
  if (field.type === 'checkbox' || field.type === 'radio') {
    const name = field.type === 'checkbox' ? `${field.name}[]` : field.name;
    return (
      <Field {...frame} className="field-choices" label={field.label} layout="group">
        {(control) =>
          field.options.map((o, i) => (
            <label className="choice" key={o.value}>
              <input
                type={field.type}
                name={name}
                value={o.value}
                id={i === 0 ? control.id : undefined}
                defaultChecked={posted?.includes(o.value)}
              />
              <span>{o.label}</span>
            </label>
          ))
        }
      </Field>
    );
  }
  const hasCounter = field.maxLength !== undefined || field.minLength !== undefined;
  const counter = hasCounter ? (
    <span
      className={`counter${field.maxLength !== undefined && length > field.maxLength ? ' too-long' : ''}${field.minLength !== undefined && length > 0 && length < field.minLength ? ' too-short' : ''}`}
      id={`${id}-counter`}
    >
      {field.maxLength !== undefined
        ? t('forms.counter', {
            count: formatNumber(length, locale),
            max: formatNumber(field.maxLength, locale),
          })
        : t('forms.counter_min', { count: length, min: field.minLength! })}
    </span>
  ) : null;
  const control = (common: ControlProps) => {
    const props = { ...common, name: field.name };
    if (field.type === 'textarea') {
      return (
        <textarea
          {...props}
          rows={6}
          placeholder={field.placeholder || undefined}
          defaultValue={posted?.[0]}
        />
      );
    }
    if (field.type === 'select') {
      return (
        <select {...props} defaultValue={posted?.[0] ?? ''}>
          <option value="">{t('product.variant_select')}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    }
    if (field.type === 'file') {
      return (
        <>
          <input
            {...props}
            name={field.multiple ? `${field.name}[]` : field.name}
            type="file"
            multiple={field.multiple}
            accept={field.accept?.join(',')}
          />
          {field.accept && field.maxFileSize && (
            <p className="hint">
              {t('forms.file_hint', {
                types: field.accept.map((a) => a.replace('.', '').toUpperCase()).join(', '),
                size: `${formatNumber(field.maxFileSize / 1024 / 1024, locale, 1)} MB`,
              })}
            </p>
          )}
        </>
      );
    }
    return (
      <input
        {...props}
        type={field.type === 'quiz' ? 'text' : field.type}
        autoComplete={field.autocomplete}
        placeholder={field.placeholder || undefined}
        min={field.type === 'date' ? field.minDate : field.min}
        max={field.type === 'date' ? field.maxDate : field.max}
        step={field.step}
        maxLength={field.maxLength}
        defaultValue={posted?.[0]}
      />
    );
  };
  return (
    <Field
      {...frame}
      label={field.type === 'quiz' ? `${field.label}: ${field.question}` : field.label}
      describedBy={[hasCounter && `${id}-counter`]}
    >
      {(common) => (
        <>
          {control(common)}
          {counter}
        </>
      )}
    </Field>
  );
}
