import { useEffect, useMemo, useRef, useState } from 'react';
import { fetchJson, fetchText } from '#app/client/fetch-json.ts';
import type {
  CaptchaView,
  ContactFormView,
  Feedback,
  FieldView,
} from '#app/domain/forms/forms.view.ts';
import { formStateOf } from '#app/domain/forms/forms.types.ts';
import { type FormValues, validateForm } from '#app/domain/forms/rules.ts';
import { formatNumber, useI18n } from '#app/lib/i18n.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { CaptchaInner } from './captcha.tsx';
import { type ControlProps, Field } from './ui/field.tsx';

/** What a plain (script-less) post of the form gets back to render. */
export type FormPostResult = { feedback: Feedback; posted: Record<string, string[]> };

type Errors = Record<string, string>;
type Reply = Feedback & { captcha?: { kc_captcha?: CaptchaView } };

function isFeedback(body: unknown): body is Reply {
  return typeof body === 'object' && body !== null && typeof (body as Reply).status === 'string';
}

const CAPTCHA_FIELD = 'kc_captcha';
const PLAY_KEY = 80; // P

function browserSupportsForm(): boolean {
  return (
    typeof fetch === 'function' &&
    typeof FormData === 'function' &&
    typeof NodeList !== 'undefined' &&
    typeof NodeList.prototype.forEach === 'function' &&
    typeof String.prototype.replaceAll === 'function'
  );
}

/** Field values as the rule engine reads them; files by name, size and declared type. */
function valuesOf(form: HTMLFormElement, fields: FieldView[]): FormValues {
  const data = new FormData(form);
  const values: FormValues = {};
  for (const f of fields) {
    const raw = data.getAll(f.multiple || f.type === 'checkbox' ? `${f.name}[]` : f.name);
    values[f.name] = raw.map((v) =>
      typeof v === 'string' ? v : { name: v.name, size: v.size, type: v.type },
    );
  }
  return values;
}

function errorsFrom(feedback: Feedback | undefined): Errors {
  return Object.fromEntries((feedback?.invalid_fields ?? []).map((i) => [i.field, i.message]));
}

export function ContactForm({ view, result }: { view: ContactFormView; result?: FormPostResult }) {
  const { t, locale } = useI18n();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const feedback = result?.feedback;
  const [status, setStatus] = useState(() => (feedback ? formStateOf(feedback.status) : 'init'));
  const [message, setMessage] = useState(feedback?.message ?? '');
  const [errors, setErrors] = useState<Errors>(() => errorsFrom(feedback));
  // A captcha fetched in the page replaces the one the page came with, until the page brings a new one.
  const [fetched, setFetched] = useState<{ base: string | undefined; captcha: CaptchaView } | null>(
    null,
  );
  const captcha = fetched && fetched.base === view.captcha?.key ? fetched.captcha : view.captcha;
  const setCaptcha = (next: CaptchaView) => setFetched({ base: view.captcha?.key, captcha: next });
  const [acceptance, setAcceptance] = useState<Record<string, boolean>>({});
  const [lengths, setLengths] = useState<Record<string, number>>({});
  const [misplaced, setMisplaced] = useState(false);
  const supported = hydrated && browserSupportsForm();
  const scripted = supported && !misplaced;
  const posted = feedback && feedback.status !== 'mail_sent' ? result?.posted : undefined;
  const fieldsByName = useMemo(() => new Map(view.fields.map((f) => [f.name, f])), [view.fields]);

  useEffect(() => {
    if (hydrated && !supported) {
      console.error(
        'Contact form: this browser lacks fetch, FormData, NodeList.forEach or String.replaceAll; the form is sent without script.',
      );
    }
  }, [hydrated, supported]);
  const attachForm = (form: HTMLFormElement | null) => {
    formRef.current = form;
    if (form?.parentElement?.closest('form')) setMisplaced(true);
  };

  const acceptanceOk = view.fields
    .filter((f) => f.type === 'acceptance' && !f.optional)
    .every((f) => (f.invert ? !acceptance[f.name] : Boolean(acceptance[f.name])));

  const validateField = (name: string) => {
    const form = formRef.current;
    if (!form) return;
    setStatus('validating');
    const found = validateForm(view.rules, valuesOf(form, view.fields), new Set([name]));
    setErrors((prev) => {
      const next = { ...prev };
      delete next[name];
      for (const e of found) next[e.field] = e.message;
      return next;
    });
    setStatus((s) => (s === 'validating' ? 'init' : s));
  };

  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const name = target.name?.replace(/\[\]$/, '');
    const field = fieldsByName.get(name);
    if (!field) return;
    if (field.type === 'acceptance') setAcceptance((a) => ({ ...a, [name]: target.checked }));
    if (field.type === 'checkbox' && field.exclusive && target.checked) {
      formRef.current
        ?.querySelectorAll<HTMLInputElement>(`input[name="${name}[]"]`)
        .forEach((box) => {
          if (box !== target) box.checked = false;
        });
    }
    validateField(name);
  };

  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLTextAreaElement;
    const field = fieldsByName.get(target.name);
    if (field && (field.maxLength !== undefined || field.minLength !== undefined)) {
      setLengths((l) => ({ ...l, [field.name]: [...target.value].length }));
    }
  };

  const regenerateCaptcha = async () => {
    const body = new URLSearchParams({
      toggle: view.unitTag,
      generate: 'regenerate_inner',
      lang: document.documentElement.lang.slice(0, 2),
    });
    const result = await fetchText('/wc-ajax/captcha_regenerate', { body });
    if (!result.ok) return;
    const html = new DOMParser().parseFromString(result.text, 'text/html');
    const key = html.querySelector<HTMLInputElement>('input[name="kc_key"]')?.value;
    const image = html.querySelector('img')?.getAttribute('src');
    const audio = html.querySelector<HTMLElement>('[data-audio]')?.dataset.audio;
    if (key && image && audio) setCaptcha({ key, image, audio });
  };

  const refill = async () => {
    const result = await fetchJson<{ captcha?: { kc_captcha?: CaptchaView } }>(
      `/forms/v1/contact-forms/${view.id}/refill`,
    );
    if (result.ok) {
      if (result.data?.captcha?.kc_captcha) setCaptcha(result.data.captcha.kc_captcha);
    } else if (result.kind !== 'http') {
      console.error(result.kind, 'error' in result ? result.error : undefined);
    }
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    if (!scripted) return;
    event.preventDefault();
    if (status === 'submitting') return;
    const form = event.currentTarget;
    const found = validateForm(view.rules, valuesOf(form, view.fields));
    if (found.length > 0) {
      setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])));
      setStatus('invalid');
      setMessage(t('forms.errors_heading'));
      form
        .querySelector<HTMLElement>(`[name="${found[0]!.field}"], [name="${found[0]!.field}[]"]`)
        ?.focus();
      return;
    }
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(form, submitter ?? undefined);
    setStatus('submitting');
    setMessage(t('forms.submitting'));
    const result = await fetchJson<Reply>(`/forms/v1/contact-forms/${view.id}/feedback`, {
      body: data,
    });
    if (!result.ok && (result.kind === 'network' || result.kind === 'aborted')) {
      console.error('fetch_error', 'error' in result ? result.error : result.kind);
      setStatus('aborted');
      setMessage(t('forms.offline'));
      return;
    }
    if (result.ok && result.status === 204) {
      setStatus('init');
      setMessage('');
      return;
    }
    if (!result.ok && result.kind === 'invalid_json') {
      console.error('invalid_json', result.error);
      setStatus('failed');
      setMessage(t('forms.invalid_json'));
      return;
    }
    // A refused submission (400, 429) still answers with feedback; any other error does not.
    const reply = result.ok ? result.data : isFeedback(result.body) ? result.body : null;
    if (!reply) {
      const error = result.ok ? null : result.error;
      console.error(error?.code ?? 'invalid_json', error);
      setStatus('failed');
      setMessage(error?.message || t('forms.invalid_json'));
      return;
    }
    if (reply.captcha?.kc_captcha) setCaptcha(reply.captcha.kc_captcha);
    setErrors(errorsFrom(reply));
    setMessage(reply.message);
    if (reply.status === 'mail_sent') {
      setStatus('resetting');
      form.reset();
      setAcceptance({});
      setLengths({});
      await refill();
      setStatus('sent');
      return;
    }
    setStatus(formStateOf(reply.status));
    const first = reply.invalid_fields?.[0]?.field;
    if (first) form.querySelector<HTMLElement>(`[name="${first}"], [name="${first}[]"]`)?.focus();
  };

  if (misplaced) return <p className="error-text">{t('forms.wrong_place')}</p>;

  const errorList = Object.entries(errors);
  return (
    <div className="contact-form" id={view.unitTag}>
      <div className="screen-reader-response visually-hidden">
        <p role="status" aria-live="polite" aria-atomic="true">
          {message}
        </p>
        {errorList.length > 0 && (
          <ul>
            {errorList.map(([field, text]) => (
              <li key={field} id={`${view.unitTag}-ve-${field}`}>
                <a href={`#${fieldId(view, field)}`}>
                  {labelOf(view, field, t('forms.captcha_label'))}: {text}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form
        ref={attachForm}
        method="post"
        encType="multipart/form-data"
        // The server's verdicts, in the shop's words, also reach browsers without script.
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        onInput={onInput}
        className={`contact-form-body status-${status}`}
        data-status={status}
        aria-describedby={`${view.unitTag}-response`}
      >
        <input type="hidden" name="_form" value={view.id} />
        <input type="hidden" name="_form_version" value={view.version} />
        <input type="hidden" name="_form_locale" value={view.locale} />
        <input type="hidden" name="_form_unit_tag" value={view.unitTag} />
        <input type="hidden" name="_form_container_post" value={view.containerPost} />
        <input
          type="hidden"
          name="_form_posted_data_hash"
          value={feedback?.posted_data_hash ?? ''}
        />
        <div className="honeypot" aria-hidden="true">
          <label htmlFor={`${view.unitTag}-name-kc`}>{t('forms.honeypot_label')}</label>
          <input
            id={`${view.unitTag}-name-kc`}
            type="text"
            name="name-kc"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        {view.fields.map((field) => (
          <FormField
            key={field.name}
            view={view}
            field={field}
            error={errors[field.name]}
            posted={posted?.[field.name] ?? posted?.[`${field.name}[]`]}
            length={lengths[field.name] ?? [...(posted?.[field.name]?.[0] ?? '')].length}
            locale={locale}
          />
        ))}
        {captcha && (
          <Field
            id={fieldId(view, CAPTCHA_FIELD)}
            className="captcha"
            label={t('forms.captcha_label')}
            required
            help={t('forms.captcha_hint')}
            error={errors[CAPTCHA_FIELD]}
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
                      onClick={regenerateCaptcha}
                    >
                      {t('forms.captcha_new')}
                    </button>
                  )}
                </div>
                <audio
                  ref={audioRef}
                  src={captcha.audio}
                  preload="none"
                  className="captcha-audio"
                />
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
        )}
        <div className="form-submit">
          <button
            type="submit"
            name="submit"
            value="1"
            className={`button button-large${status === 'submitting' ? ' is-loading' : ''}`}
            disabled={scripted && (!acceptanceOk || status === 'submitting')}
          >
            {view.submitLabel}
          </button>
        </div>
        <div
          className={`form-response${message ? ` response-${status}` : ''}`}
          id={`${view.unitTag}-response`}
          aria-hidden="true"
        >
          {message}
        </div>
      </form>
    </div>
  );
}

function fieldId(view: ContactFormView, name: string): string {
  return `${view.unitTag}-${name}`;
}

function labelOf(view: ContactFormView, name: string, captchaLabel: string): string {
  return view.fields.find((f) => f.name === name)?.label ?? captchaLabel;
}

/** One field of the form, drawn by its type inside the shop's common field frame. */
function FormField({
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
