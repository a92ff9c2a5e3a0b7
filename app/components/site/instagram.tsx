import { useEffect, useState } from 'react';
import type { InstagramPost } from '#app/domain/social/instagram.ts';
import { fetchJson } from '#app/client/fetch-json.ts';
import { useI18n } from '#app/lib/i18n.ts';

/** The feed's markup as the `instagram_feed` call sends it (rendered on the server). */
export function InstagramGrid({
  posts,
  account,
  followLabel,
}: {
  posts: InstagramPost[];
  account: string;
  followLabel: string;
}) {
  return (
    <div className="instagram-feed">
      <ul className="instagram-grid">
        {posts.map((post) => (
          <li key={post.id}>
            <a href={post.permalink} rel="noopener noreferrer" target="_blank">
              <img src={post.image} alt={post.caption} loading="lazy" width={240} height={240} />
            </a>
          </li>
        ))}
      </ul>
      <p>
        <a
          href={`https://www.instagram.com/${encodeURIComponent(account)}/`}
          rel="noopener noreferrer"
          target="_blank"
        >
          {followLabel}
        </a>
      </p>
    </div>
  );
}

type FeedAnswer = { success: boolean; data?: string; error?: string };

/**
 * The home page's Instagram section, asked for after the page has loaded. It fails soft:
 * shoppers see nothing; a shop manager gets the error text from the call and sees it.
 */
export function InstagramFeed() {
  const { t } = useI18n();
  const [answer, setAnswer] = useState<FeedAnswer | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchJson<FeedAnswer>('/wc-ajax/instagram_feed', { signal: controller.signal }).then(
      (result) => {
        if (result.ok && result.data) setAnswer(result.data);
      },
    );
    return () => controller.abort();
  }, []);
  if (!answer) return null;
  if (!answer.success) {
    return answer.error ? (
      <section className="container instagram" aria-labelledby="instagram-title">
        <h2 id="instagram-title">{t('site.instagram_title')}</h2>
        <p className="notice notice-error instagram-error" role="status">
          {answer.error}
        </p>
      </section>
    ) : null;
  }
  return (
    <section className="container instagram" aria-labelledby="instagram-title">
      <h2 id="instagram-title">{t('site.instagram_title')}</h2>
      {/* The server escaped every value of this markup. */}
      <div dangerouslySetInnerHTML={{ __html: answer.data ?? '' }} />
    </section>
  );
}
