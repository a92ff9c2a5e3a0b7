// The order review beside the checkout form, kept current (spec section 9): refreshed through
// update_order_review when the shipping address is complete, a rate or the VAT id changes, or
// something outside the form changed the totals; each control judged as the shopper goes.
import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { fetchText } from '#app/client/fetch-json.ts';
import { readCheckoutAnswer, readMessages } from '#app/client/checkout-response.ts';
import { type AddressGroup, groupComplete } from '#app/domain/checkout/checkout.rules.ts';
import type { CheckoutReview } from '#app/domain/checkout/checkout.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import type { Marks } from './address-fields.tsx';
import {
  ADDRESS_KEYS,
  checkedControl,
  groupValues,
  markFor,
  marksOfForm,
} from './checkout-marks.ts';

/** Spec section 9: the review refresh waits 5 ms after a request and 1 s after typing. */
export const UPDATE_DELAY_MS = 5;
export const TYPING_DELAY_MS = 1000;

export function useOrderReview({
  formRef,
  security,
  initial,
  refreshSignal,
  refreshedOptions,
  setMarks,
  onRefused,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  security: string;
  initial: CheckoutReview;
  /** Changes when something outside the form (the coupon form) changed the totals. */
  refreshSignal?: number;
  /** The shipping options' widgets start again with a refreshed review. */
  refreshedOptions: () => void;
  setMarks: Dispatch<SetStateAction<Marks>>;
  /** A refresh the server refused, with its messages for the notices area. */
  onRefused: (messages: { text: string; field?: string }[]) => void;
}) {
  const { t } = useI18n();
  const [review, setReview] = useState(initial);
  const [chosenPayment, setChosenPayment] = useState(initial.chosenPaymentMethod);
  const [updating, setUpdating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const dirtyGroup = useRef<AddressGroup | null>(null);

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
      security,
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
      onRefused(readMessages(parsed.messages ?? ''));
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
  }, [security, t, refreshedOptions, onRefused, setMarks, formRef]);

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
  }, [requestUpdate, formRef]);

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
        name === 'billing_vat_id' ||
        // A method with a fee (cash on delivery) changes the totals when picked or left.
        (name === 'payment_method' && form.querySelector('input[name="payment_method"][data-fee]'))
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
  }, [maybeUpdate, requestUpdate, t, setMarks, formRef]);

  useEffect(() => {
    if (refreshSignal) requestUpdate();
  }, [refreshSignal, requestUpdate]);

  return { review, setReview, chosenPayment, setChosenPayment, updating, requestUpdate };
}
