import { useEffect, useMemo, useRef, useState } from 'react';
import { fetchJson } from '#app/client/fetch-json.ts';
import {
  type FeedbackReply,
  type FieldErrors,
  browserSupportsForm,
  errorsFrom,
  isFeedback,
  refilledCaptcha,
  regeneratedCaptcha,
  valuesOf,
} from '#app/client/contact-form.ts';
import type { CaptchaView, ContactFormView, Feedback } from '#app/domain/forms/forms.view.ts';
import { formStateOf } from '#app/domain/forms/forms.types.ts';
import { validateForm } from '#app/domain/forms/rules.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { CAPTCHA_FIELD, CaptchaField } from './contact-form-captcha.tsx';
import { FormField, fieldId, labelOf } from './contact-form-field.tsx';

/** What a plain (script-less) post of the form gets back to render. */
export type FormPostResult = { feedback: Feedback; posted: Record<string, string[]> };

export function ContactForm({ view, result }: { view: ContactFormView; result?: FormPostResult }) {
  const { t, locale } = useI18n();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const feedback = result?.feedback;
  const [status, setStatus] = useState(() => (feedback ? formStateOf(feedback.status) : 'init'));
  const [message, setMessage] = useState(feedback?.message ?? '');
  const [errors, setErrors] = useState<FieldErrors>(() => errorsFrom(feedback));
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
    const next = await regeneratedCaptcha(view.unitTag);
    if (next) setCaptcha(next);
  };

  const refill = async () => {
    const next = await refilledCaptcha(view.id);
    if (next) setCaptcha(next);
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
    const result = await fetchJson<FeedbackReply>(`/forms/v1/contact-forms/${view.id}/feedback`, {
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
    const nextCaptcha = reply.captcha_details?.kc_captcha;
    if (nextCaptcha) setCaptcha(nextCaptcha);
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
          <CaptchaField
            view={view}
            captcha={captcha}
            error={errors[CAPTCHA_FIELD]}
            onRegenerate={regenerateCaptcha}
            hydrated={hydrated}
          />
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
