import type { MessagesHandle } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/packing-slip.css?url';

/** The head shared by the one-order and the several-orders packing-slip pages. */
export const packingSlipLinks = () => [{ rel: 'stylesheet', href: stylesheet }];

export const packingSlipMeta = ({ data }: { data?: { pageTitle: string } }) => [
  { title: data?.pageTitle },
  { name: 'robots', content: 'noindex' },
];

export const packingSlipHandle = {
  messageAreas: ['admin', 'order', 'cart', 'coupon'],
} satisfies MessagesHandle;
