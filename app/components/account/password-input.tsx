import { type InputHTMLAttributes, useState } from 'react';
import { Icon } from '#app/components/icon.tsx';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { useI18n } from '#app/lib/i18n.ts';

/**
 * A password input with a button that shows or hides what was typed. The button's name stays
 * "Show password"; its pressed state says whether the password is shown. Without scripts there
 * is no button, only the input.
 */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  return (
    <span className="password-input">
      <input {...props} type={shown ? 'text' : 'password'} />
      {hydrated && (
        <button
          type="button"
          className="icon-button show-password-input"
          aria-label={t('password.show')}
          aria-pressed={shown}
          aria-controls={props.id}
          onClick={() => setShown((value) => !value)}
        >
          <Icon name={shown ? 'eye-off' : 'eye'} size={20} />
        </button>
      )}
    </span>
  );
}
