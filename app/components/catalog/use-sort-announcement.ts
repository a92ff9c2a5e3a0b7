import { useEffect, useRef, useState } from 'react';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import type { ListingOrder } from '#app/domain/catalog/listing.ts';

/** Delay before the sorted result is announced (spec: sort-result live region 2000 ms). */
const SORT_ANNOUNCE_MS = 2000;

/** The live region's text: the sorted result, set a while after a sort the shopper chose. */
export function useSortAnnouncement(d: {
  orderby: ListingOrder;
  query: string;
  total: number;
}): string {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const shown = useRef({ orderby: d.orderby, query: d.query });
  useEffect(() => {
    const before = shown.current;
    shown.current = { orderby: d.orderby, query: d.query };
    if (before.orderby === d.orderby) return;
    setText('');
    const timer = setTimeout(
      () =>
        setText(
          t('listing.sort_result', {
            order: t(`listing.sort.${d.orderby}` as TextKey),
            count: d.total,
          }),
        ),
      SORT_ANNOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [d.orderby, d.query, d.total, t]);
  return text;
}
