import { useRef } from 'react';
import type { CaptchaView, ContactFormView } from '#app/domain/forms/forms.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { CaptchaInner } from './captcha.tsx';
import { fieldId } from './contact-form-field.tsx';
import { Field } from './ui/field.tsx';

export const CAPTCHA_FIELD = 'kc_captcha';
const PLAY_KEY = 80; // P

/** The form's captcha: picture, audio (played with P), a button for a new one, the answer. */
export function CaptchaField({
  view,
  captcha,
  error,
  onRegenerate,
  hydrated,
}: {
  view: ContactFormView;
  captcha: CaptchaView;
  error?: string;
  onRegenerate: () => void;
  hydrated: boolean;
}) {
  const { t } = useI18n();
  const audioRef = useRef<HTMLAudioElement>(null);
  return (
    <Field
      id={fieldId(view, CAPTCHA_FIELD)}
      className="captcha"
      label={t('forms.captcha_label')}
      required
      help={t('forms.captcha_hint')}
      error={error}
    >
      {(control) => (
        <>
          <div className="captcha-row">
            <CaptchaInner
              captcha={captcha}
              labels={{
                label: t('forms.captcha_label'),
                hint: t('forms.captcha_hint'),
                image: t('forms.captcha_image'),
                renew: t('forms.captcha_new'),
                listen: t('forms.captcha_listen'),
              }}
            />
            {hydrated && (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={onRegenerate}
              >
                {t('forms.captcha_new')}
              </button>
            )}
          </div>
          <audio ref={audioRef} src={captcha.audio} preload="none" className="captcha-audio" />
          <input
            {...control}
            name={CAPTCHA_FIELD}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            required
            onKeyDown={(e) => {
              if (e.keyCode === PLAY_KEY) {
                e.preventDefault();
                void audioRef.current?.play().catch((error: unknown) => console.error(error));
              }
            }}
            key={captcha.key}
          />
        </>
      )}
    </Field>
  );
}
