import { AttributionFields } from '#app/components/site/attribution-fields.tsx';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Field } from '#app/components/ui/field.tsx';
import { NoticeList } from '#app/components/ui/notice.tsx';
import { fetchText } from '#app/client/fetch-json.ts';
import { readCheckoutAnswer, readMessages } from '#app/client/checkout-response.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import {
  type AddressGroup,
  type AddressValues,
  checkField,
  groupComplete,
} from '#app/domain/checkout/checkout.rules.ts';
import type { CheckoutAccountOffer, CheckoutReview } from '#app/domain/checkout/checkout.view.ts';
import type { LegalSection } from '#app/content/legal.ts';
import { type TextKey, type Translate, useI18n } from '#app/lib/i18n.ts';
import { AddressFields, type FieldMark, type Marks, rowClasses } from './address-fields.tsx';
import { CheckoutAccount } from './checkout-account.tsx';
import { OrderSummary, ReviewTable, withParts } from './order-review.tsx';
import { PaymentChoice, type PaymentProblem } from './payment-stripe.tsx';
import type { StripePageData } from '#app/domain/payments/stripe/page-data.ts';
import { scrollToElement } from '#app/client/scroll-to.ts';
import { NOTICE_FOCUS_DELAY_MS, SCROLL_ANIMATION_MS } from '#app/client/motion.ts';
import { NOTICE_SCROLL_MS } from '#app/client/scroll.ts';
import { useShippingOptionStore } from './shipping-option.tsx';

/** Spec section 9: the review refresh waits 5 ms after a request and 1 s after typing. */
export const UPDATE_DELAY_MS = 5;
export const TYPING_DELAY_MS = 1000;

export type CheckoutFormProps = {
  review: CheckoutReview;
  values: Record<string, string>;
  shipToDifferent: boolean;
  security: string;
  checkoutKey: string;
  /** From a post without JavaScript: what went wrong. */
  messages: { text: string; field?: string }[];
  terms: LegalSection[];
  /** Changes when something outside the form (the coupon form) changed the totals. */
  refreshSignal?: number;
  /** An account with the order, for guests; null for a logged-in customer. */
  account: CheckoutAccountOffer | null;
  /** The card provider's page data when one of its methods is offered. */
  stripe?: StripePageData | null;
};

const ADDRESS_KEYS = ['country', 'state', 'postcode', 'city', 'address_1', 'address_2'];

function groupValues(form: HTMLFormElement, group: AddressGroup): AddressValues {
  const data = new FormData(form);
  const values: AddressValues = {};
  for (const [name, value] of data) {
    if (name.startsWith(`${group}_`) && typeof value === 'string') {
      values[name.slice(group.length + 1) as keyof AddressValues] = value;
    }
  }
  return values;
}

/** A control the spec's validation looks at: address fields, e-mail, phone, required boxes. */
function checkedControl(target: EventTarget | null) {
  if (
    !(target instanceof HTMLInputElement) &&
    !(target instanceof HTMLSelectElement) &&
    !(target instanceof HTMLTextAreaElement)
  ) {
    return null;
  }
  return target.dataset.kind ? target : null;
}

/**
 * The classic checkout form. Without JavaScript it posts to /checkout and the page answers;
 * with it, fields validate as the shopper goes, the order review refreshes through
 * update_order_review, and the order is placed through /wc-ajax/checkout.
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const noticesRef = useRef<HTMLDivElement>(null);
  const [review, setReview] = useState(props.review);
  const [billingCountry, setBillingCountry] = useState(props.values.billing_country || 'DE');
  const [shippingCountry, setShippingCountry] = useState(
    props.values.shipping_country || props.values.billing_country || 'DE',
  );
  const [shipDifferent, setShipDifferent] = useState(props.shipToDifferent);
  const [chosenPayment, setChosenPayment] = useState(review.chosenPaymentMethod);
  const [notices, setNotices] = useState(props.messages);
  const [noticeRound, setNoticeRound] = useState(0);
  // The theme scrolls to the checkout's notices over 1 s; the payment provider's over 600 ms.
  const noticeScrollMs = useRef(SCROLL_ANIMATION_MS);
  const [marks, setMarks] = useState<Marks>(() => marksFromMessages(props.messages));
  const [processing, setProcessing] = useState(false);
  const [accountAcceptable, setAccountAcceptable] = useState(true);
  const [updating, setUpdating] = useState(false);
  const [showTerms, setShowTerms] = useState(false);
  const processingRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const dirtyGroup = useRef<AddressGroup | null>(null);
  const shippingOptions = useShippingOptionStore();
  const { refreshed: refreshedOptions } = shippingOptions;

  const runUpdate = useCallback(async () => {
    const form = formRef.current;
    if (!form) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const data = new FormData(form);
    const get = (name: string) => String(data.get(name) ?? '');
    const different = data.get('ship_to_different_address') !== null;
    const s = (key: string) => get(different ? `shipping_${key}` : `billing_${key}`);
    const body = new URLSearchParams({
      security: props.security,
      payment_method: get('payment_method'),
      country: get('billing_country'),
      state: get('billing_state'),
      postcode: get('billing_postcode'),
      city: get('billing_city'),
      address: get('billing_address_1'),
      address_2: get('billing_address_2'),
      s_country: s('country'),
      s_state: s('state'),
      s_postcode: s('postcode'),
      s_city: s('city'),
      s_address: s('address_1'),
      s_address_2: s('address_2'),
      has_full_address: String(
        groupComplete(
          different ? 'shipping' : 'billing',
          groupValues(form, different ? 'shipping' : 'billing'),
          'de',
        ),
      ),
      post_data: new URLSearchParams(
        [...data].filter((e): e is [string, string] => typeof e[1] === 'string'),
      ).toString(),
    });
    for (const [name, value] of data) {
      if (name.startsWith('shipping_method[') && typeof value === 'string') body.set(name, value);
    }
    setUpdating(true);
    const answer = await fetchText('/wc-ajax/update_order_review', {
      body,
      signal: controller.signal,
    });
    if (!answer.ok && answer.kind === 'aborted') return;
    if (inFlight.current === controller) inFlight.current = null;
    setUpdating(false);
    if (!answer.ok) return;
    const parsed = readCheckoutAnswer(answer.text) as
      (ReturnType<typeof readCheckoutAnswer> & { review?: CheckoutReview }) | null;
    if (!parsed) return;
    if (parsed.reload) {
      window.location.reload();
      return;
    }
    if (parsed.result === 'failure') {
      setNotices(readMessages(parsed.messages ?? ''));
      noticeScrollMs.current = SCROLL_ANIMATION_MS;
      setNoticeRound((n) => n + 1);
      setMarks(marksOfForm(form, t));
      return;
    }
    if (parsed.review) {
      setReview(parsed.review);
      refreshedOptions();
      setChosenPayment((current) =>
        parsed.review!.paymentMethods.some((m) => m.id === current)
          ? current
          : (parsed.review!.paymentMethods[0]?.id ?? null),
      );
    }
  }, [props.security, t, refreshedOptions]);

  /** `update_checkout`: after 5 ms, replacing any refresh still waiting. */
  const requestUpdate = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    dirtyGroup.current = null;
    timer.current = setTimeout(() => void runUpdate(), UPDATE_DELAY_MS);
  }, [runUpdate]);

  /** After an address edit: only once every required field of that group holds something. */
  const maybeUpdate = useCallback(() => {
    const form = formRef.current;
    const group = dirtyGroup.current;
    // Still dirty: the next change in the group tries again.
    if (form && group && !groupComplete(group, groupValues(form, group), 'de')) return;
    requestUpdate();
  }, [requestUpdate]);

  // Per field on input, change and focusout (spec section 5), and the review's refresh triggers.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onInput = (event: Event) => {
      const control = checkedControl(event.target);
      if (!control) return;
      // Typing clears the earlier verdict; the next change or focusout judges again.
      setMarks((m) => (m[control.name] ? { ...m, [control.name]: undefined } : m));
    };
    const onJudge = (event: Event) => {
      const control = checkedControl(event.target);
      if (control) setMarks((m) => ({ ...m, [control.name]: markFor(control, t) }));
      if (event.type !== 'change') return;
      const target = event.target as HTMLElement;
      const group = (target.dataset.group as AddressGroup | undefined) ?? null;
      const name = (target as HTMLInputElement).name ?? '';
      const key = group ? name.slice(group.length + 1) : '';
      if (target instanceof HTMLSelectElement && group && ADDRESS_KEYS.includes(key)) {
        dirtyGroup.current = group;
        maybeUpdate();
      } else if (target instanceof HTMLInputElement && group && ADDRESS_KEYS.includes(key)) {
        if (dirtyGroup.current) maybeUpdate();
      } else if (
        name.startsWith('shipping_method') ||
        name === 'ship_to_different_address' ||
        // A VAT id may turn reverse charge on or off.
        name === 'billing_vat_id'
      ) {
        requestUpdate();
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement) || !target.classList.contains('input-text')) return;
      const group = target.dataset.group as AddressGroup | undefined;
      const key = group ? target.name.slice(group.length + 1) : '';
      if (!group || !ADDRESS_KEYS.includes(key)) return;
      if (event.key === 'Tab') return;
      dirtyGroup.current = group;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(maybeUpdate, TYPING_DELAY_MS);
    };
    form.addEventListener('input', onInput);
    form.addEventListener('change', onJudge);
    form.addEventListener('focusout', onJudge);
    form.addEventListener('keydown', onKeyDown);
    return () => {
      form.removeEventListener('input', onInput);
      form.removeEventListener('change', onJudge);
      form.removeEventListener('focusout', onJudge);
      form.removeEventListener('keydown', onKeyDown);
    };
  }, [maybeUpdate, requestUpdate, t]);

  useEffect(() => {
    if (props.refreshSignal) requestUpdate();
  }, [props.refreshSignal, requestUpdate]);

  useEffect(() => {
    if (noticeRound === 0 || notices.length === 0) return;
    // The list inside the wrapper takes the focus (it has tabIndex -1; the wrapper has not).
    const node = noticesRef.current?.querySelector<HTMLElement>('.notices');
    if (!node) return;
    scrollToElement(node, { focus: false, duration: noticeScrollMs.current });
    // The focus follows once the scroll is under way, as the theme times it (500 ms).
    const timer = window.setTimeout(
      () => node.focus({ preventScroll: true }),
      NOTICE_FOCUS_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [noticeRound, notices.length]);

  /** Problems of placing the order in the notices area, with the checkout error event. */
  const showProblems = useCallback((problems: PaymentProblem[], scrollMs: number) => {
    processingRef.current = false;
    setProcessing(false);
    setNotices(problems);
    setMarks((m) => ({ ...m, ...marksFromMessages(problems) }));
    noticeScrollMs.current = scrollMs;
    setNoticeRound((n) => n + 1);
    document.body.dispatchEvent(new CustomEvent('checkout_error', { detail: problems }));
  }, []);

  /** A payment's problems (the provider's element, its confirmation): spec section 9's scroll. */
  const paymentErrors = useCallback(
    (problems: PaymentProblem[]) => showProblems(problems, NOTICE_SCROLL_MS),
    [showProblems],
  );

  useEffect(() => {
    // The server's answer to a post without JavaScript: move to its notices once.
    if (props.messages.length > 0)
      noticesRef.current?.querySelector<HTMLElement>('.notices')?.focus();
  }, [props.messages]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'update') return;
    event.preventDefault();
    if (processingRef.current) return;
    const veto = new CustomEvent('checkout_place_order', { cancelable: true });
    const vetoMethod = new CustomEvent(`checkout_place_order_${chosenPayment ?? ''}`, {
      cancelable: true,
    });
    if (!form.dispatchEvent(veto) || !form.dispatchEvent(vetoMethod)) return;
    processingRef.current = true;
    setProcessing(true);
    const fields = new URLSearchParams(
      [...new FormData(form)].filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const answer = await fetchText('/wc-ajax/checkout', { body: fields });
    const fail = (messages: { text: string; field?: string }[]) => {
      form.dispatchEvent(new CustomEvent('stripe_payment_failed'));
      showProblems(messages, SCROLL_ANIMATION_MS);
    };
    if (!answer.ok && answer.kind !== 'http') {
      fail([{ text: t('checkout.error.network') }]);
      return;
    }
    if (!answer.ok && answer.status === 403) {
      fail([{ text: t('checkout.error.session') }]);
      return;
    }
    const parsed = readCheckoutAnswer(answer.text);
    if (answer.ok && parsed?.result === 'success' && parsed.redirect) {
      window.location.assign(parsed.redirect);
      return;
    }
    if (parsed?.reload) {
      window.location.reload();
      return;
    }
    if (parsed?.refresh) requestUpdate();
    const messages = readMessages(parsed?.messages ?? '');
    fail(messages.length ? messages : [{ text: t('checkout.error.generic') }]);
  }

  const chosen = review.paymentMethods.find((m) => m.id === chosenPayment);
  const buttonText = chosen?.orderButtonText ?? t('checkout.place_order');
  const termsMark = marks.terms;
  return (
    <form
      ref={formRef}
      name="checkout"
      method="post"
      action="/checkout"
      className={`checkout woocommerce-checkout${processing ? ' processing' : ''}`}
      noValidate
      aria-busy={processing || undefined}
      onSubmit={submit}
    >
      <div className="checkout-notices" ref={noticesRef}>
        <NoticeList
          key={noticeRound}
          notices={notices.map((n) => ({ kind: 'error' as const, text: n.text, field: n.field }))}
        />
      </div>
      <input type="hidden" name="security" value={props.security} />
      <input type="hidden" name="checkout_key" value={props.checkoutKey} />
      <AttributionFields />
      <div className="checkout-columns">
        <div className="checkout-customer" id="customer_details">
          <section className="woocommerce-billing-fields" aria-labelledby="billing-title">
            <h2 id="billing-title">{t('checkout.billing_details')}</h2>
            <AddressFields
              group="billing"
              country={billingCountry}
              values={props.values}
              marks={marks}
              onCountry={setBillingCountry}
            />
            {props.account && (
              <CheckoutAccount
                offer={props.account}
                requested={Boolean(props.values.createaccount)}
                error={notices.find((n) => n.field === 'account_password')?.text}
                onAcceptable={setAccountAcceptable}
              />
            )}
          </section>
          <section className="woocommerce-shipping-fields">
            <h2 id="ship-to-different-address" className="ship-to-different">
              <label className="choice">
                <input
                  type="checkbox"
                  name="ship_to_different_address"
                  value="1"
                  checked={shipDifferent}
                  onChange={(e) => setShipDifferent(e.currentTarget.checked)}
                />
                <span>{t('checkout.ship_to_different')}</span>
              </label>
            </h2>
            {(shipDifferent || !hydrated) && (
              <div className="shipping_address">
                <AddressFields
                  group="shipping"
                  country={shippingCountry}
                  values={props.values}
                  marks={marks}
                  onCountry={setShippingCountry}
                />
              </div>
            )}
          </section>
          <Field id="order_comments" label={t('checkout.order_notes')} className="notes">
            {(control) => (
              <textarea
                {...control}
                name="order_comments"
                rows={3}
                maxLength={2000}
                placeholder={t('checkout.order_notes_placeholder')}
                defaultValue={props.values.order_comments ?? ''}
              />
            )}
          </Field>
        </div>
        <div className="checkout-review">
          <h2 id="order_review_heading">{t('checkout.your_order')}</h2>
          <div
            id="order_review"
            className={`woocommerce-checkout-review-order${updating ? ' is-updating' : ''}`}
            aria-busy={updating || undefined}
          >
            <ReviewTable
              review={review}
              shippingOptions={shippingOptions}
              onShipping={
                hydrated
                  ? (rateId) =>
                      setReview((r) => ({
                        ...r,
                        cart: {
                          ...r.cart,
                          shipping: {
                            ...r.cart.shipping,
                            packages: r.cart.shipping.packages.map((p) => ({
                              ...p,
                              rates: p.rates.map((rate) => ({
                                ...rate,
                                selected: rate.rateId === rateId,
                              })),
                            })),
                          },
                        },
                      }))
                  : undefined
              }
            />
            {!hydrated && (
              <button
                type="submit"
                name="intent"
                value="update"
                className="button button-secondary"
              >
                {t('cart.update')}
              </button>
            )}
            <PaymentChoice
              methods={review.paymentMethods}
              chosen={chosenPayment}
              onChosen={setChosenPayment}
              hydrated={hydrated}
              stripe={props.stripe}
              total={review.cart.totals.total}
              formRef={formRef}
              onErrors={paymentErrors}
            />
            <div className="place-order">
              <OrderSummary review={review} />
              <Field
                id="terms"
                layout="choice"
                required
                label={withParts(t('checkout.terms'), {
                  agb: <a href="/agb">{t('checkout.terms_agb')}</a>,
                  widerruf: <a href="/widerruf">{t('checkout.terms_widerruf')}</a>,
                })}
                error={termsMark?.failure ? termsMark.message : undefined}
                className={rowClasses(['terms', 'form-row-wide'], termsMark, ['validate-required'])}
              >
                {(control) => (
                  <input
                    {...control}
                    type="checkbox"
                    name="terms"
                    value="1"
                    data-kind="checkbox"
                    data-required="true"
                    data-label={t('checkout.terms_agb')}
                  />
                )}
              </Field>
              <p className="terms-toggle">
                <a
                  href="/agb"
                  className="woocommerce-terms-and-conditions-link"
                  aria-expanded={hydrated ? showTerms : undefined}
                  aria-controls={hydrated ? 'terms-text' : undefined}
                  onClick={(e) => {
                    if (!hydrated) return;
                    e.preventDefault();
                    setShowTerms((v) => !v);
                  }}
                >
                  {t('checkout.terms_toggle')}
                </a>
              </p>
              {showTerms && (
                <div id="terms-text" className="woocommerce-terms-and-conditions">
                  {props.terms.map((section) => (
                    <section key={section.heading}>
                      <h4>{section.heading}</h4>
                      {section.blocks.map((block, i) =>
                        block.type === 'paragraph' ? <p key={i}>{block.text}</p> : null,
                      )}
                    </section>
                  ))}
                </div>
              )}
              {review.needsDigitalConsent && (
                <Field
                  id="terms-digital"
                  layout="choice"
                  required
                  label={t('checkout.digital')}
                  error={marks['terms-digital']?.failure ? t('checkout.error.digital') : undefined}
                  className={rowClasses(['form-row-wide'], marks['terms-digital'], [
                    'validate-required',
                  ])}
                >
                  {(control) => (
                    <input
                      {...control}
                      type="checkbox"
                      name="terms-digital"
                      value="1"
                      data-kind="checkbox"
                      data-required="true"
                    />
                  )}
                </Field>
              )}
              <p className="privacy-note">
                {withParts(t('checkout.privacy'), {
                  datenschutz: <a href="/datenschutz">{t('checkout.privacy_link')}</a>,
                })}
              </p>
              <button
                type="submit"
                className="button button-large button-block alt"
                name="intent"
                value="place_order"
                id="place_order"
                aria-disabled={processing || undefined}
                // Only a shop that holds checkout passwords to the minimum stops here.
                disabled={!accountAcceptable}
              >
                {processing ? t('checkout.processing') : buttonText}
              </button>
            </div>
          </div>
        </div>
      </div>
    </form>
  );
}

/** One control judged by the spec's rules, with the message its failure shows. */
function markFor(
  control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  t: Translate,
): FieldMark {
  const kind = control.dataset.kind as 'text' | 'email' | 'tel' | 'checkbox';
  const failure = checkField({
    value: control.value,
    required: control.dataset.required === 'true',
    kind,
    checked: control instanceof HTMLInputElement ? control.checked : undefined,
  });
  const group = control.dataset.group;
  const label =
    control.name === 'billing_email' || !group
      ? (control.dataset.label ?? '')
      : `${t(group === 'shipping' ? 'checkout.group_shipping' : 'checkout.group_billing')} ${control.dataset.label ?? ''}`;
  const message = failure
    ? control.name === 'terms'
      ? t('checkout.error.terms')
      : t(`checkout.error.${failure}` as TextKey, { label })
    : undefined;
  return { failure, validated: !failure, message };
}

/** Every visible checked control of the form, judged (after a failed review refresh). */
function marksOfForm(form: HTMLFormElement, t: Translate): Marks {
  const next: Marks = {};
  for (const element of Array.from(form.elements)) {
    const control = checkedControl(element);
    if (control && control.offsetParent !== null) next[control.name] = markFor(control, t);
  }
  return next;
}

function marksFromMessages(messages: { text: string; field?: string }[]): Marks {
  const marks: Marks = {};
  for (const m of messages) {
    if (m.field) marks[m.field] = { failure: 'server', validated: false, message: m.text };
  }
  return marks;
}
