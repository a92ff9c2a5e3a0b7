import { REFERENCE_TTL_MS, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { listCatalog } from './product-list.server.ts';
import type { ListingOrder } from './listing.ts';
import type { SidebarPicks } from './sidebar-picks.view.ts';

export const SIDEBAR_PICKS = 4;

/**
 * The listing sidebar's tabs: the newest, the best-selling and the best-rated products of the
 * whole shop (top rated only those with ratings). The same for every visitor, so each instance
 * keeps them a few seconds like other reference data.
 */
export function sidebarPicks(db: Tx, locale: Locale): Promise<SidebarPicks> {
  return shortLived(db, `sidebar-picks:${locale}`, REFERENCE_TTL_MS, async () => {
    const pick = async (orderby: ListingOrder) => {
      const listing = await listCatalog(db, { locale, page: 1, perPage: SIDEBAR_PICKS, orderby });
      return (listing?.items ?? []).map((p) => ({
        id: p.id,
        slug: p.slug,
        name: p.name,
        rating: p.rating,
      }));
    };
    const [newest, popular, rated] = await Promise.all([
      pick('date'),
      pick('popularity'),
      pick('rating'),
    ]);
    return { newest, popular, topRated: rated.filter((p) => p.rating.count > 0) };
  });
}
