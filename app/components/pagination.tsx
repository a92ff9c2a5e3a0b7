import { Link } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';

/** Page links that keep the other query parameters; a window of pages around the current one. */
export function Pagination({
  page,
  pages,
  search,
  param = 'page',
  hash = '',
  label,
}: {
  page: number;
  pages: number;
  search: URLSearchParams;
  /** The query parameter holding the page number (`cpage` for comment pages). */
  param?: string;
  /** Appended to every link, e.g. `#comments`. */
  hash?: string;
  /** The navigation's name when a page has more than one pagination. */
  label?: string;
}) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete(param);
    else params.set(param, String(p));
    const qs = params.toString();
    return `${qs ? `?${qs}` : '?'}${hash}`;
  };
  const numbers = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...numbers].sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={label ?? t('pagination.label')}>
      <ul>
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev" aria-label={t('pagination.previous')}>
              ‹
            </Link>
          </li>
        )}
        {sorted.map((p, i) => (
          <li key={p}>
            {i > 0 && p - sorted[i - 1]! > 1 && (
              <span className="gap" aria-hidden="true">
                …
              </span>
            )}
            {p === page ? (
              <span aria-current="page" aria-label={t('pagination.current', { page: p })}>
                {p}
              </span>
            ) : (
              <Link to={href(p)} aria-label={t('pagination.page', { page: p })}>
                {p}
              </Link>
            )}
          </li>
        ))}
        {page < pages && (
          <li>
            <Link to={href(page + 1)} rel="next" aria-label={t('pagination.next')}>
              ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
