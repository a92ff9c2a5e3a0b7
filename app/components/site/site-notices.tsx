import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import { hideStoreNotice } from '#app/client/page-cookies.ts';
import { Icon } from '#app/components/icon.tsx';
import { fetchJson } from '#app/client/fetch-json.ts';
import { chunkFailure, watchPreloadErrors } from '#app/client/load-chunk.ts';

export type StoreNoticeView = { text: string; id: string };

/** Where the store notice is dismissed without JavaScript. */
export const STORE_NOTICE_PATH = '/store-notice';

/**
 * The store-wide notice bar. The server leaves it out for a visitor whose cookie says it is
 * hidden, so it never flashes up; dismissing sets that cookie (in the browser, or by the form
 * post without JavaScript).
 */
export function StoreNotice({ notice }: { notice: StoreNoticeView | null }) {
  const { t } = useI18n();
  const location = useLocation();
  const [hiddenId, setHiddenId] = useState<string | null>(null);
  if (!notice || hiddenId === notice.id) return null;
  const dismiss = (event: FormEvent) => {
    event.preventDefault();
    hideStoreNotice(notice.id);
    setHiddenId(notice.id);
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <section className="store-notice" aria-label={t('site.notice_label')}>
      <div className="container store-notice-inner">
        <p>{notice.text}</p>
        <form method="post" action={STORE_NOTICE_PATH} onSubmit={dismiss}>
          <input type="hidden" name="id" value={notice.id} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" className="store-notice-dismiss">
            {t('site.notice_dismiss')}
          </button>
        </form>
      </div>
    </section>
  );
}

export type ComingSoonBannerView = { restUrl: string; nonce: string };

/** The footer banner a shop manager sees while the public gets the coming-soon page. */
export function ComingSoonBanner({ banner }: { banner: ComingSoonBannerView | null }) {
  const { t } = useI18n();
  const [state, setState] = useState<'shown' | 'busy' | 'failed' | 'dismissed'>('shown');
  if (!banner || state === 'dismissed') return null;
  const dismiss = async () => {
    setState('busy');
    const answer = await fetchJson(banner.restUrl, {
      method: 'POST',
      json: { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } },
      headers: { 'X-WP-Nonce': banner.nonce },
    });
    if (answer.ok) {
      setState('dismissed');
      document.getElementById('main')?.focus({ preventScroll: true });
    } else setState('failed');
  };
  return (
    <section className="coming-soon-banner" aria-label={t('site.coming_soon_page_title')}>
      <div className="container coming-soon-banner-inner">
        <p>{t('site.coming_soon_banner')}</p>
        <button
          type="button"
          className="button"
          onClick={() => void dismiss()}
          disabled={state === 'busy'}
        >
          {t('site.coming_soon_dismiss')}
        </button>
        {state === 'failed' && <p role="alert">{t('site.coming_soon_dismiss_failed')}</p>}
      </div>
    </section>
  );
}

/** What the public sees while the shop is in coming-soon mode. */
export function ComingSoonPage() {
  const { t } = useI18n();
  return (
    <div className="container coming-soon">
      <div className="coming-soon-brand">
        <Icon name="logo" /> {t('shop.name')}
      </div>
      <h1>{t('site.coming_soon_title')}</h1>
      <p>{t('site.coming_soon_text')}</p>
    </div>
  );
}

/** Offers a reload when a part of the page's script could not be loaded (see loadChunk). */
export function ChunkFailurePrompt() {
  const { t } = useI18n();
  const failed = useSyncExternalStore(chunkFailure.subscribe, chunkFailure.get, () => false);
  useEffect(() => watchPreloadErrors(), []);
  if (!failed) return null;
  return (
    <div className="chunk-failure" role="alert">
      <p>{t('site.chunk_failed')}</p>
      <button type="button" className="button" onClick={() => location.reload()}>
        {t('site.chunk_reload')}
      </button>
    </div>
  );
}
