import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '#app/components/ui/notice.tsx';
import { LoginForm } from '#app/components/account/login-form.tsx';
import { LOGIN_SCROLL_MS, LOGIN_SCROLL_OFFSET_PX } from '#app/client/motion.ts';
import { scrollToElement } from '#app/client/scroll-to.ts';
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
 * "Returning customer?": opens the login form (it posts to `/my-account` and comes back to the
 * checkout) and scrolls to it, 300 ms to 50 px above it, with the focus in its email field.
 * Without JavaScript the link leads to the account page's login.
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
            if (open) return;
            requestAnimationFrame(() => {
              const target = box.current;
              if (!target) return;
              scrollToElement(target, {
                offset: LOGIN_SCROLL_OFFSET_PX,
                duration: LOGIN_SCROLL_MS,
                focus: false,
              });
              target.querySelector<HTMLInputElement>('input[name="username"]')?.focus({
                preventScroll: true,
              });
            });
          }}
        >
          {t('checkout.show_login')}
        </button>
      </p>
      {open && (
        <div id="checkout-login" ref={box} className="woocommerce-form-login slide-open">
          <p>{t('checkout.login_hint')}</p>
          <LoginForm source="page" redirectTo="/checkout" />
        </div>
      )}
    </div>
  );
}
