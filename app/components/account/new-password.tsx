import { useEffect, useState } from 'react';
import { Field } from '#app/components/ui/field.tsx';
import { useI18n } from '#app/lib/i18n.ts';
import { PasswordInput } from './password-input.tsx';
import { StrengthMeter, strongEnough, usePasswordStrength } from './strength-meter.tsx';

export type NewPasswordProps = {
  /** Field names and ids: `password` alone, or `password_1` with the confirmation `password_2`. */
  name: string;
  /** The input's id when it differs from the name (two forms on one page). */
  id?: string;
  confirmName?: string;
  label: string;
  confirmLabel?: string;
  required: boolean;
  minimum: number;
  blacklist: readonly string[];
  errorField?: string;
  error?: string;
  /** Told whether the form may be sent (strength reached, confirmation matching). */
  onAcceptable: (acceptable: boolean) => void;
  /** How required and optional show: words on account forms, a star among address fields. */
  marks?: 'words' | 'star';
};

/**
 * A new password with its strength meter and, where asked, its confirmation: level 5 while
 * the confirmation differs. Reports whether submit may be enabled.
 */
export function NewPassword(props: NewPasswordProps) {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const level = usePasswordStrength(
    password,
    props.confirmName ? confirmation : undefined,
    props.blacklist,
  );
  const optionalAndEmpty = !props.required && password === '' && confirmation === '';
  const acceptable = optionalAndEmpty || (password !== '' && strongEnough(level, props.minimum));
  const id = props.id ?? props.name;
  const meterId = `${id}-strength`;
  const { onAcceptable } = props;
  useEffect(() => onAcceptable(acceptable), [onAcceptable, acceptable]);
  return (
    <>
      <Field
        id={id}
        label={props.label}
        required={props.required}
        marks={props.marks}
        error={props.errorField === id ? props.error : undefined}
        describedBy={[meterId]}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name={props.name}
            autoComplete="new-password"
            required={props.required}
            maxLength={1000}
            value={password}
            onInput={(event) => setPassword(event.currentTarget.value)}
          />
        )}
      </Field>
      {props.confirmName && (
        <Field
          id={props.confirmName}
          label={props.confirmLabel ?? ''}
          required={props.required}
          error={props.errorField === props.confirmName ? props.error : undefined}
          describedBy={[meterId]}
        >
          {(control) => (
            <PasswordInput
              {...control}
              name={props.confirmName}
              autoComplete="new-password"
              required={props.required}
              maxLength={1000}
              value={confirmation}
              onInput={(event) => setConfirmation(event.currentTarget.value)}
            />
          )}
        </Field>
      )}
      <StrengthMeter id={meterId} level={level} minimum={props.minimum} />
      {!acceptable && password !== '' && level !== null && level !== 5 && (
        <p className="visually-hidden">{t('account.strength_required')}</p>
      )}
    </>
  );
}
