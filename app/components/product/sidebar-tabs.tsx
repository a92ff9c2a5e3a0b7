import { Link } from 'react-router';
import { Stars } from '#app/components/stars.tsx';
import { Tabs } from '#app/components/ui/tabs.tsx';
import type { SidebarPick, SidebarPicks } from '#app/domain/catalog/sidebar-picks.view.ts';
import { useI18n } from '#app/lib/i18n.ts';

function PickList({ picks, withRating }: { picks: SidebarPick[]; withRating: boolean }) {
  const { t } = useI18n();
  if (picks.length === 0) return <p className="sidebar-picks-empty">{t('listing.picks.none')}</p>;
  return (
    <ol className="sidebar-picks">
      {picks.map((p) => (
        <li key={p.id}>
          <Link to={`/product/${p.slug}`}>{p.name}</Link>
          {withRating && <Stars average={p.rating.average} count={p.rating.count} />}
        </li>
      ))}
    </ol>
  );
}

/**
 * The sidebar tabs of the listing: newest, popular and top-rated products, one tab list
 * (arrow keys, Home and End move between the tabs). Without scripts all three lists show.
 */
export function SidebarTabs({ picks }: { picks: SidebarPicks }) {
  const { t } = useI18n();
  const items = [
    { id: 'picks-newest', label: t('listing.picks.newest'), list: picks.newest, rating: false },
    { id: 'picks-popular', label: t('listing.picks.popular'), list: picks.popular, rating: false },
    { id: 'picks-rated', label: t('listing.picks.top_rated'), list: picks.topRated, rating: true },
  ];
  return (
    <section className="sidebar-tabs" aria-labelledby="sidebar-picks-heading">
      <h2 id="sidebar-picks-heading" className="filters-heading">
        {t('listing.picks.title')}
      </h2>
      <Tabs
        label={t('listing.picks.title')}
        className="sidebar-tabs-widget"
        items={items.map((item) => ({
          id: item.id,
          label: item.label,
          content: (
            <>
              <h3 className="tab-panel-title">{item.label}</h3>
              <PickList picks={item.list} withRating={item.rating} />
            </>
          ),
        }))}
      />
    </section>
  );
}
