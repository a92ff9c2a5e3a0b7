/** Next actions Stripe.js runs in the page: hosted steps (3-D Secure, vouchers, QR codes, BLIK). */
import { BASE, type Json, ORIGIN } from './shared.ts';

export function hostedPage(intent: Json): string | undefined {
  const next = intent.next_action ?? {};
  const details =
    next.boleto_display_details ?? next.oxxo_display_details ?? next.multibanco_display_details;
  if (details?.hosted_voucher_url) return details.hosted_voucher_url;
  if (next.wechat_pay_display_qr_code)
    return next.wechat_pay_display_qr_code.hosted_instructions_url;
  if (next.cashapp_handle_redirect_or_display_qr_code) {
    return next.cashapp_handle_redirect_or_display_qr_code.hosted_instructions_url;
  }
  if (next.type === 'blik_authorize') {
    return `${BASE}/blik/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`;
  }
  return undefined;
}

/** The next-action page in a modal dialog; resolves when it is done or closed. */
export function showActionDialog(url: string, locale: string): Promise<void> {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.dataset.stripeSandboxDialog = '';
    dialog.setAttribute('aria-label', locale === 'de' ? 'Zahlung bestätigen' : 'Confirm payment');
    if (!document.getElementById('stripe-sandbox-dialog-style')) {
      // The page behind is dimmed, so the payment step is clearly in front.
      const style = document.createElement('style');
      style.id = 'stripe-sandbox-dialog-style';
      style.textContent =
        'dialog[data-stripe-sandbox-dialog]::backdrop{background:rgba(15,23,42,.55)}';
      document.head.append(style);
    }
    dialog.style.cssText =
      'padding:0;border:0;border-radius:8px;width:min(32rem,95vw);max-height:90vh;box-shadow:0 10px 40px rgba(0,0,0,.35)';
    const frame = document.createElement('iframe');
    const target = new URL(url, window.location.href);
    target.searchParams.set('frame', '1');
    target.searchParams.set('locale', locale);
    frame.src = target.pathname + target.search;
    frame.title = locale === 'de' ? 'Zahlung bestätigen' : 'Confirm payment';
    frame.style.cssText = 'border:0;width:100%;height:20rem;max-height:75vh;display:block';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = locale === 'de' ? 'Schließen' : 'Close';
    close.style.cssText =
      'margin:0 2.5rem 1.5rem;font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #1f2328;background:#fff;color:#1f2328;cursor:pointer';
    const finish = () => {
      window.removeEventListener('message', onMessage);
      dialog.close();
      dialog.remove();
      resolve();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
      if (event.data?.source !== 'stripe-sandbox-frame') return;
      if (event.data.type === 'action-done') finish();
      // The step's page is as tall as its content (no empty space under the buttons).
      if (event.data.type === 'resize' && typeof event.data.height === 'number') {
        frame.style.height = `${Math.min(Math.max(event.data.height, 160), 2000)}px`;
      }
    };
    window.addEventListener('message', onMessage);
    close.addEventListener('click', finish);
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish();
    });
    dialog.append(frame, close);
    document.body.appendChild(dialog);
    dialog.showModal();
  });
}
