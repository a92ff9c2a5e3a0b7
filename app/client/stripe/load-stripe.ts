import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

let loading: Promise<Stripe | null> | null = null;

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[data-stripe-sandbox]`);
    if (existing && 'Stripe' in window) {
      resolve();
      return;
    }
    const script = existing ?? document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.stripeSandbox = '';
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        // A failed element never loads again: the next try starts with a new one.
        script.remove();
        reject(new Error('sandbox script failed'));
      },
      { once: true },
    );
    if (!existing) document.head.append(script);
  });
}

/**
 * Stripe.js for a page that takes a payment, loaded once per page. With the sandbox the
 * page data names its script, which installs window.Stripe first; loadStripe then uses it
 * instead of fetching Stripe's own (the same code path as with real keys).
 */
export function loadShopStripe(data: {
  key: string;
  sandboxScriptUrl: string | null;
  locale: string;
}): Promise<Stripe | null> {
  loading ??= (async () => {
    if (data.sandboxScriptUrl) await injectScript(data.sandboxScriptUrl);
    return loadStripe(data.key, { locale: data.locale === 'de' ? 'de' : 'en' });
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
