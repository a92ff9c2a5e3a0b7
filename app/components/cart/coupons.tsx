import { type FormEvent, createContext, useContext, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Money } from '#app/components/ui/price.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { fetchText } from '#app/client/fetch-json.ts';
import type { CartCoupon } from '#app/domain/coupons/coupons.view.ts';
import type { CartActionData } from '#app/domain/cart/cart-form.view.ts';
import { useI18n } from '#app/lib/i18n.ts';

const INPUT_ID = 'coupon_code';
const ERROR_ID = 'coupon_code-error';

type Message = { kind: 'success' | 'error'; text: string };

type CouponState = {
  /** The session's token for the wc-ajax calls; null without a session (no cart). */
  security: string | null;
  /** The answer to the apply form, beside the input; an error marks the input invalid. */
  applyMessage: Message | null;
  /** The answer to a removal, read out politely. */
  removeMessage: Message | null;
  busy: boolean;
  /** How many answers came back, to tell one error from the same error again. */
  answers: number;
  apply: (code: string) => Promise<boolean>;
  remove: (code: string) => Promise<void>;
  clearError: () => void;
};

const CouponContext = createContext<CouponState | null>(null);

/** What a wc-ajax coupon call answered, read from WooCommerce's notice markup. */
function readNotice(html: string): Message | null {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const error = doc.querySelector('.woocommerce-error li, .woocommerce-error');
  if (error) return { kind: 'error', text: error.textContent?.trim() ?? '' };
  const success = doc.querySelector('.woocommerce-message');
  return success ? { kind: 'success', text: success.textContent?.trim() ?? '' } : null;
}

/**
 * Coupons on the cart page. The forms post to /cart and work without JavaScript; once the
 * page runs, they call wc-ajax `apply_coupon` / `remove_coupon` instead and reload the cart.
 */
export function CouponProvider({
  security,
  result,
  children,
}: {
  security: string | null;
  result: CartActionData | undefined;
  children: React.ReactNode;
}) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const fromForm = (intent: string): Message | null =>
    result?.intent === intent
      ? { kind: result.ok ? 'success' : 'error', text: result.message }
      : null;
  // undefined: nothing asked on this page yet, so the form post's answer (if any) shows.
  const [applyMessage, setApplyMessage] = useState<Message | null | undefined>(undefined);
  const [removeMessage, setRemoveMessage] = useState<Message | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [answers, setAnswers] = useState(0);

  async function call(action: string, fields: Record<string, string>): Promise<Message> {
    const answer = await fetchText(`/wc-ajax/${action}`, {
      body: new URLSearchParams({ security: security ?? '', ...fields }),
    });
    if (answer.ok)
      return readNotice(answer.text) ?? { kind: 'error', text: t('coupon.error.failed') };
    if (answer.kind === 'http') {
      try {
        const body = JSON.parse(answer.text) as { message?: unknown };
        if (typeof body.message === 'string' && body.message) {
          return { kind: 'error', text: body.message };
        }
      } catch {
        // not JSON: the generic text below
      }
    }
    return { kind: 'error', text: t('coupon.error.failed') };
  }

  const state: CouponState = {
    security,
    applyMessage: applyMessage === undefined ? fromForm('apply_coupon') : applyMessage,
    removeMessage: removeMessage === undefined ? fromForm('remove_coupon') : removeMessage,
    busy,
    answers,
    clearError: () => setApplyMessage(null),
    apply: async (code) => {
      setBusy(true);
      setRemoveMessage(null);
      const message = await call('apply_coupon', { coupon_code: code });
      setApplyMessage(message);
      setAnswers((n) => n + 1);
      setBusy(false);
      if (message.kind === 'success') await revalidator.revalidate();
      return message.kind === 'success';
    },
    remove: async (code) => {
      setBusy(true);
      const message = await call('remove_coupon', { coupon: code });
      setRemoveMessage(message);
      setApplyMessage(null);
      setBusy(false);
      if (message.kind === 'success') await revalidator.revalidate();
      // The button is gone with its row: the coupon field is where the shopper carries on.
      document.getElementById(INPUT_ID)?.focus();
    },
  };
  return <CouponContext.Provider value={state}>{children}</CouponContext.Provider>;
}

/** The coupon code field with its button; the answer shows beside it. */
export function CouponForm() {
  const { t } = useI18n();
  const state = useContext(CouponContext);
  if (!state) return null;
  const { applyMessage, removeMessage, busy, answers } = state;
  const error = applyMessage?.kind === 'error' ? applyMessage.text : null;
  const success = applyMessage?.kind === 'success' ? applyMessage.text : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!state || state.busy) return;
    const input = event.currentTarget.elements.namedItem('coupon_code');
    if (!(input instanceof HTMLInputElement)) return;
    if (await state.apply(input.value)) input.value = '';
  }

  return (
    <form
      method="post"
      action="/cart"
      className="coupon-form"
      onSubmit={submit}
      aria-busy={busy || undefined}
    >
      <input type="hidden" name="intent" value="apply_coupon" />
      <label htmlFor={INPUT_ID}>{t('coupon.label')}</label>
      <div className="coupon-form-row">
        <input
          type="text"
          id={INPUT_ID}
          name="coupon_code"
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
          onInput={() => {
            if (error) state.clearError();
          }}
        />
        <button
          type="submit"
          className={`button button-secondary${busy ? ' is-loading' : ''}`}
          aria-disabled={busy || undefined}
        >
          {t('coupon.apply')}
        </button>
      </div>
      {error && (
        // A new node per answer, so the same error twice is announced twice.
        <div id={ERROR_ID} key={answers} className="coupon-message">
          <Notice kind="error">{error}</Notice>
        </div>
      )}
      {success && (
        <div className="coupon-message">
          <Notice kind="success">{success}</Notice>
        </div>
      )}
      {removeMessage && (
        <div className="coupon-message">
          <Notice kind={removeMessage.kind === 'error' ? 'error' : 'success'}>
            {removeMessage.text}
          </Notice>
        </div>
      )}
    </form>
  );
}

/** The applied coupons as rows of the totals table; removable where a coupon form is. */
export function CouponRows({ coupons }: { coupons: readonly CartCoupon[] }) {
  const { t } = useI18n();
  const state = useContext(CouponContext);
  return coupons.map((coupon) => (
    <tr key={coupon.code} className="coupon-line">
      <th scope="row">{t('coupon.row', { code: coupon.code })}</th>
      <td>
        <div className="coupon-cell">
          {coupon.discount > 0 && (
            <span className="coupon-discount">
              −<Money amount={coupon.discount} />
            </span>
          )}
          {coupon.freeShipping && (
            <span className="coupon-free-shipping">{t('coupon.free_shipping')}</span>
          )}
          {state && <RemoveCoupon code={coupon.code} />}
        </div>
      </td>
    </tr>
  ));
}

function RemoveCoupon({ code }: { code: string }) {
  const { t } = useI18n();
  const state = useContext(CouponContext)!;
  return (
    <form
      method="post"
      action="/cart"
      className="coupon-remove"
      onSubmit={(event) => {
        event.preventDefault();
        if (!state.busy) void state.remove(code);
      }}
    >
      <input type="hidden" name="intent" value="remove_coupon" />
      <input type="hidden" name="coupon" value={code} />
      <button type="submit" className="link-button" aria-disabled={state.busy || undefined}>
        {t('coupon.remove')}
        <span className="visually-hidden"> {t('coupon.row', { code })}</span>
      </button>
    </form>
  );
}
