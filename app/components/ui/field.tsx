import type { ReactNode } from 'react';
import { useI18n } from '#app/lib/i18n.ts';

/** What ties a control to its field: spread it onto the input, select or textarea. */
export type ControlProps = {
  id: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  'aria-describedby'?: string;
};

export type FieldProps = {
  /** The control's id; help and error get `${id}-help` and `${id}-tip`. */
  id: string;
  label: ReactNode;
  required?: boolean;
  help?: ReactNode;
  error?: string;
  /** Further ids describing the control (a character counter, say), read after help and error. */
  describedBy?: (string | false | null | undefined)[];
  /** Classes beside `field`, such as `field-email`. */
  className?: string;
  /**
   * stacked: label above the control. choice: one checkbox with its label beside it.
   * group: a fieldset of options under a legend; the fieldset carries invalid and description.
   */
  layout?: 'stacked' | 'choice' | 'group';
  /** words: "(required)" / "(optional)"; star: a star for required, "(optional)" otherwise (address forms). */
  marks?: 'words' | 'star';
  children: (control: ControlProps) => ReactNode;
};

/**
 * The one form field: label with required or optional marker, help text and error message,
 * linked to the control the same way everywhere. The inline error is hidden from reading
 * order because it is read as the control's description (and listed in the form's notices).
 */
export function Field({
  id,
  label,
  required = false,
  help,
  error,
  describedBy = [],
  className,
  layout = 'stacked',
  marks = 'words',
  children,
}: FieldProps) {
  const { t } = useI18n();
  const helpId = `${id}-help`;
  const errorId = `${id}-tip`;
  const description =
    [help ? helpId : null, error ? errorId : null, ...describedBy].filter(Boolean).join(' ') ||
    undefined;
  const invalid = error ? true : undefined;
  const classes = ['field', className, error && 'is-invalid'].filter(Boolean).join(' ');
  const mark =
    marks === 'star' && required ? (
      // The control says "required" itself; the star is its visible sign.
      <span className="required-mark required-star" aria-hidden="true">
        *
      </span>
    ) : (
      <span className="required-mark">
        {t(required ? 'forms.required_mark' : 'forms.optional_mark')}
      </span>
    );
  const after = (
    <>
      {help ? (
        <p className="hint" id={helpId}>
          {help}
        </p>
      ) : null}
      {error ? (
        <span className="field-tip" id={errorId} aria-hidden="true">
          {error}
        </span>
      ) : null}
    </>
  );

  if (layout === 'group') {
    return (
      <fieldset className={classes} aria-describedby={description} aria-invalid={invalid}>
        <legend>
          {label} {mark}
        </legend>
        {children({ id })}
        {after}
      </fieldset>
    );
  }
  const control: ControlProps = {
    id,
    'aria-invalid': invalid,
    'aria-required': required || undefined,
    'aria-describedby': description,
  };
  if (layout === 'choice') {
    return (
      <div className={classes}>
        <label className="choice">
          {children(control)}
          <span>{label}</span>
        </label>
        {after}
      </div>
    );
  }
  return (
    <div className={classes}>
      <label htmlFor={id}>
        {label} {mark}
      </label>
      {children(control)}
      {after}
    </div>
  );
}
