import { useEffect, useState } from 'react';
import {
  type StrengthLevel,
  passwordStrength,
  strengthName,
} from '#app/domain/customers/password-strength.ts';
import { useI18n } from '#app/lib/i18n.ts';

/**
 * The strength of what is typed, or null until the estimator has loaded (it is imported on
 * first use, so pages without a password field never load its dictionaries).
 */
export function usePasswordStrength(
  password: string,
  confirmation: string | undefined,
  blacklist: readonly string[],
): StrengthLevel | null {
  const { locale } = useI18n();
  const [level, setLevel] = useState<StrengthLevel | null>(null);
  const words = blacklist.join('\n');
  useEffect(() => {
    let current = true;
    if (password === '' && !confirmation) {
      // Nothing typed: nothing to judge.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setLevel(null);
      return;
    }
    void passwordStrength(password, {
      confirmation,
      blacklist: words === '' ? [] : words.split('\n'),
      locale,
    }).then(
      (value) => {
        if (current) setLevel(value);
      },
      () => {
        // Offline or the chunk failed: the server still judges the password.
        if (current) setLevel(null);
      },
    );
    return () => {
      current = false;
    };
  }, [password, confirmation, words, locale]);
  return level;
}

/** The meter under a new password: level word, bar, and the hint while it is too weak. */
export function StrengthMeter({
  id,
  level,
  minimum,
}: {
  id: string;
  level: StrengthLevel | null;
  minimum: number;
}) {
  const { t } = useI18n();
  if (level === null) return <div id={id} className="strength-meter" aria-live="polite" />;
  const name = strengthName(level);
  return (
    <div id={id} className={`strength-meter strength-${name}`} aria-live="polite">
      <span className="strength-bar" aria-hidden="true">
        <span style={{ width: `${level === 5 ? 100 : Math.max(1, level) * 25}%` }} />
      </span>
      <span className="strength-text">
        {t('account.strength_label', { level: t(`account.strength.${name}`) })}
      </span>
      {(level < minimum || level === 5) && (
        <span className="hint strength-hint">
          {level === 5 ? t('account.error.password_mismatch') : t('account.strength_hint')}
        </span>
      )}
    </div>
  );
}

/** Submit is allowed from the minimum on, never on a mismatch; unknown (not loaded) allows it. */
export function strongEnough(level: StrengthLevel | null, minimum: number): boolean {
  return level === null ? true : level !== 5 && level >= minimum;
}
