import type { CaptchaView } from '#app/domain/forms/forms.view.ts';

export type CaptchaLabels = {
  label: string;
  hint: string;
  image: string;
  renew: string;
  listen: string;
};

/** The captcha picture, its key and the audio link: the part a regeneration replaces. */
export function CaptchaInner({ captcha, labels }: { captcha: CaptchaView; labels: CaptchaLabels }) {
  return (
    <span className="captcha-inner" data-audio={captcha.audio}>
      {/* The class and the challenge field are where Contact Form 7's script puts a new captcha. */}
      <img
        className="captcha-image wpcf7-captcha-kc_captcha"
        src={captcha.image}
        width={200}
        height={64}
        alt={labels.image}
        data-test-answer={captcha.testAnswer}
      />
      <input type="hidden" name="kc_key" value={captcha.key} />
      <input type="hidden" name="_wpcf7_captcha_challenge_kc_captcha" value={captcha.key} />
      <a className="captcha-listen" href={captcha.audio} target="_blank" rel="noopener">
        {labels.listen}
      </a>
    </span>
  );
}

/** The whole captcha block as the server sends it for `generate_full`. */
export function CaptchaFull({
  captcha,
  labels,
  unitTag,
}: {
  captcha: CaptchaView;
  labels: CaptchaLabels;
  unitTag: string;
}) {
  const id = `${unitTag}-kc_captcha`;
  return (
    <div className="captcha" id={`${unitTag}-captcha`}>
      <label htmlFor={id}>{labels.label}</label>
      <CaptchaInner captcha={captcha} labels={labels} />
      <input
        id={id}
        name="kc_captcha"
        type="text"
        inputMode="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={12}
        aria-describedby={`${id}-hint`}
        required
      />
      <p className="hint" id={`${id}-hint`}>
        {labels.hint}
      </p>
    </div>
  );
}
