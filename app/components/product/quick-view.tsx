import { useEffect, useMemo, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { fetchJson } from '#app/client/fetch-json.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { Modal } from '#app/components/ui/modal.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { CartResultNotice } from '#app/components/cart/cart-result.tsx';
import { Overlay } from '#app/components/ui/overlay.tsx';
import type { CartActionData } from '#app/domain/cart/cart-form.view.ts';
import type { QuickViewPayload } from '#app/domain/catalog/quick-view.view.ts';
import { type I18n, I18nContext, translator, useI18n } from '#app/lib/i18n.ts';
import { QuickViewContent } from './quick-view-content.tsx';

type QuickViewProduct = { id: number; slug: string; name: string };

/**
 * "Quick view" on a product card: opens the product's summary in a modal. Until the page's
 * script runs it is a plain link to the product page.
 */
export function QuickViewButton({ product }: { product: QuickViewProduct }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const text = t('product.quick_view');
  const label = `${text}: ${product.name}`;
  if (!hydrated) {
    return (
      <Link to={`/product/${product.slug}`} className="quick-view-button" aria-label={label}>
        {text}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className="quick-view-button"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {text}
      </button>
      {open && <QuickViewDialog product={product} onClose={() => setOpen(false)} />}
    </>
  );
}

type Loading =
  { state: 'loading' } | { state: 'ready'; payload: QuickViewPayload } | { state: 'failed' };

function QuickViewDialog({ product, onClose }: { product: QuickViewProduct; onClose: () => void }) {
  const outer = useI18n();
  const { t } = outer;
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  const fetcher = useFetcher<CartActionData>();

  useEffect(() => {
    const controller = new AbortController();
    void fetchJson<QuickViewPayload>('/wc-ajax/quick_view', {
      json: { product: product.id },
      signal: controller.signal,
    }).then((result) => {
      if (result.ok && result.data) setLoading({ state: 'ready', payload: result.data });
      else if (result.ok || result.kind !== 'aborted') setLoading({ state: 'failed' });
    });
    return () => controller.abort();
  }, [product.id]);

  const messages = loading.state === 'ready' ? loading.payload.messages : null;
  // The summary's texts come with the data; the page's own catalog covers everything else.
  const i18n = useMemo<I18n>(() => {
    if (!messages) return outer;
    const own = translator(outer.locale, messages);
    return {
      locale: outer.locale,
      t: (key, params) => {
        const text = own(key, params);
        return text === key ? outer.t(key, params) : text;
      },
    };
  }, [messages, outer]);

  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <Modal open onClose={onClose} title={product.name} className="quick-view-modal">
      <Overlay busy={loading.state === 'loading'} className="quick-view-body">
        {loading.state === 'loading' && (
          <p className="quick-view-loading" role="status">
            {t('product.quick_view_loading')}
          </p>
        )}
        {loading.state === 'failed' && (
          <Notice kind="error">
            {t('product.quick_view_failed')}{' '}
            <Link to={`/product/${product.slug}`}>{t('product.full_details')}</Link>
          </Notice>
        )}
        <CartResultNotice result={result} />
        {loading.state === 'ready' && (
          <I18nContext.Provider value={i18n}>
            <QuickViewContent
              product={loading.payload.product}
              heading={false}
              fetcher={fetcher}
              swatches={loading.payload.swatches}
              gallery={loading.payload.gallery}
            />
          </I18nContext.Provider>
        )}
      </Overlay>
    </Modal>
  );
}
