import { Link } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';

export type KeysetCursor = { after: number | null; before: number | null };

/**
 * Previous and next page of a keyset-paged back-office list; a missing neighbour is plain text,
 * not a link. `href` spells the list's URL (its filters kept) for a cursor.
 */
export function KeysetPager({
  page,
  href,
}: {
  page: { previous: number | null; next: number | null };
  href: (cursor: KeysetCursor) => string;
}) {
  const { t } = useI18n();
  if (page.previous === null && page.next === null) return null;
  return (
    <nav aria-label={t('admin.pages')} className="admin-pager">
      {page.previous !== null ? (
        <Link to={href({ after: null, before: page.previous })} rel="prev">
          ← {t('admin.previous')}
        </Link>
      ) : (
        <span aria-disabled="true">← {t('admin.previous')}</span>
      )}
      {page.next !== null ? (
        <Link to={href({ after: page.next, before: null })} rel="next">
          {t('admin.next')} →
        </Link>
      ) : (
        <span aria-disabled="true">{t('admin.next')} →</span>
      )}
    </nav>
  );
}
