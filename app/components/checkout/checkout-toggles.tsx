import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '#app/components/ui/notice.tsx';
import { fetchText } from '#app/client/fetch-json.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { useI18n } from '#app/lib/i18n.ts';

/** What a wc-ajax coupon call answered, read from WooCommerce's notice markup. */
function readNotice(html: string): { ok: boolean; text: string } | null {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const error = doc.querySelector('.woocommerce-error li, .woocommerce-error');
  if (error) return { ok: false, text: error.textContent?.trim() ?? '' };
  const success = doc.querySelector('.woocommerce-message');
  return success ? { ok: true, text: success.textContent?.trim() ?? '' } : null;
}

/**
 * "Have a coupon?" above the checkout: the form stays hidden until the link is followed, then
 * slides open (400 ms) with the focus in its field; an applied coupon closes it again and
 * refreshes the order review. Without JavaScript the form is open and posts to the page.
 */
export function CheckoutCoupon({
  security,
  answer,
  onApplied,
}: {
  security: string;
  answer?: { ok: boolean; text: string };
  onApplied: () => void;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(answer ?? null);
  const input = useRef<HTMLInputElement>(null);

  async function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await fetchText('/wc-ajax/apply_coupon', {
      body: new URLSearchParams({ security, coupon_code: input.current?.value ?? '' }),
    });
    setBusy(false);
    const notice = result.ok ? readNotice(result.text) : null;
    const outcome = notice ?? { ok: false, text: t('coupon.error.failed') };
    setMessage(outcome);
    if (outcome.ok) {
      if (input.current) input.current.value = '';
      setOpen(false);
      onApplied();
    }
  }

  const shown = !hydrated || open;
  return (
    <div className="checkout-toggle">
      {message && !shown && <Notice kind={message.ok ? 'success' : 'error'}>{message.text}</Notice>}
      <p className="woocommerce-form-coupon-toggle">
        {hydrated ? (
          <button
            type="button"
            className="link-button showcoupon"
            aria-expanded={open}
            aria-controls="checkout-coupon"
            onClick={() => {
              setOpen((v) => !v);
              // The field takes the focus once the form is there.
              requestAnimationFrame(() => input.current?.focus());
            }}
          >
            {t('checkout.show_coupon')}
          </button>
        ) : (
          t('checkout.coupon_hint')
        )}
      </p>
      {shown && (
        <form
          id="checkout-coupon"
          className={`checkout_coupon woocommerce-form-coupon slide-open${busy ? ' processing' : ''}`}
          method="post"
          action="/checkout"
          onSubmit={apply}
          aria-busy={busy || undefined}
        >
          <input type="hidden" name="intent" value="apply_coupon" />
          <input type="hidden" name="security" value={security} />
          <label htmlFor="checkout_coupon_code">{t('coupon.label')}</label>
          <div className="coupon-form-row">
            <input
              ref={input}
              id="checkout_coupon_code"
              name="coupon_code"
              type="text"
              maxLength={100}
              autoComplete="off"
              aria-invalid={message && !message.ok ? true : undefined}
              aria-describedby={message && !message.ok ? 'checkout-coupon-error' : undefined}
              onInput={() => setMessage((m) => (m && !m.ok ? null : m))}
            />
            <button type="submit" className="button button-secondary">
              {t('coupon.apply')}
            </button>
          </div>
          {message && (
            <div id="checkout-coupon-error" className="coupon-message">
              <Notice kind={message.ok ? 'success' : 'error'}>{message.text}</Notice>
            </div>
          )}
        </form>
      )}
    </div>
  );
}

/**
 * "Returning customer?": opens a short note with the way to the login and scrolls to it
 * (300 ms, 50 px above it).
 */
export function CheckoutLogin() {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  if (!hydrated) {
    return (
      <p className="woocommerce-form-login-toggle">
        <Link to="/my-account">{t('checkout.show_login')}</Link>
      </p>
    );
  }
  return (
    <div className="checkout-toggle">
      <p className="woocommerce-form-login-toggle">
        <button
          type="button"
          className="link-button showlogin"
          aria-expanded={open}
          aria-controls="checkout-login"
          onClick={() => {
            setOpen((v) => !v);
            requestAnimationFrame(() => {
              const top = (box.current?.getBoundingClientRect().top ?? 0) + window.scrollY - 50;
              window.scrollTo({ top, behavior: 'smooth' });
            });
          }}
        >
          {t('checkout.show_login')}
        </button>
      </p>
      {open && (
        <div id="checkout-login" ref={box} className="woocommerce-form-login slide-open">
          <p>{t('checkout.login_hint')}</p>
          <Link to="/my-account" className="button button-secondary">
            {t('checkout.login_link')}
          </Link>
        </div>
      )}
    </div>
  );
}
