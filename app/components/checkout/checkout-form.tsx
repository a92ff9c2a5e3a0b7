import { AttributionFields } from '#app/components/site/attribution-fields.tsx';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Field } from '#app/components/ui/field.tsx';
import { NoticeList } from '#app/components/ui/notice.tsx';
import { fetchText } from '#app/client/fetch-json.ts';
import { readCheckoutAnswer, readMessages } from '#app/client/checkout-response.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import {
  type CheckoutAccountOffer,
  type CheckoutReview,
  REVIEW_METHOD_FIELD,
} from '#app/domain/checkout/checkout.view.ts';
import type { LegalSection } from '#app/content/legal.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { AddressFields, type Marks } from './address-fields.tsx';
import { CheckoutAccount } from './checkout-account.tsx';
import { marksFromMessages } from './checkout-marks.ts';
import { ReviewTable } from './order-review.tsx';
import { PaymentChoice, type PaymentProblem } from './payment-stripe.tsx';
import { PlaceOrder } from './place-order.tsx';
import { useOrderReview } from './use-order-review.ts';
import type { StripePageData } from '#app/domain/payments/stripe/page-data.ts';
import { scrollToElement } from '#app/client/scroll-to.ts';
import { NOTICE_FOCUS_DELAY_MS, SCROLL_ANIMATION_MS } from '#app/client/motion.ts';
import { NOTICE_SCROLL_MS } from '#app/client/scroll.ts';
import { useShippingOptionStore } from './shipping-option.tsx';

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
  const [billingCountry, setBillingCountry] = useState(props.values.billing_country || 'DE');
  const [shippingCountry, setShippingCountry] = useState(
    props.values.shipping_country || props.values.billing_country || 'DE',
  );
  const [shipDifferent, setShipDifferent] = useState(props.shipToDifferent);
  const [notices, setNotices] = useState(props.messages);
  const [noticeRound, setNoticeRound] = useState(0);
  // The theme scrolls to the checkout's notices over 1 s; the payment provider's over 600 ms.
  const noticeScrollMs = useRef(SCROLL_ANIMATION_MS);
  const [marks, setMarks] = useState<Marks>(() => marksFromMessages(props.messages));
  const [processing, setProcessing] = useState(false);
  const [accountAcceptable, setAccountAcceptable] = useState(true);
  const processingRef = useRef(false);
  const shippingOptions = useShippingOptionStore();
  const { refreshed: refreshedOptions } = shippingOptions;

  const onRefused = useCallback((messages: { text: string; field?: string }[]) => {
    setNotices(messages);
    noticeScrollMs.current = SCROLL_ANIMATION_MS;
    setNoticeRound((n) => n + 1);
  }, []);
  const { review, setReview, chosenPayment, setChosenPayment, updating, requestUpdate } =
    useOrderReview({
      formRef,
      security: props.security,
      initial: props.review,
      refreshSignal: props.refreshSignal,
      refreshedOptions,
      setMarks,
      onRefused,
    });

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
            {/* The method these totals were priced for; the server refuses an order whose
                chosen method would change them. */}
            <input
              type="hidden"
              name={REVIEW_METHOD_FIELD}
              value={review.chosenPaymentMethod ?? ''}
            />
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
            <PlaceOrder
              review={review}
              marks={marks}
              terms={props.terms}
              chosenPayment={chosenPayment}
              processing={processing}
              accountAcceptable={accountAcceptable}
            />
          </div>
        </div>
      </div>
    </form>
  );
}
