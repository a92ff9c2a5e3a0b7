import type { Route } from './+types/packing-slip';
import { PackingSlipSheets } from '#app/components/admin/packing-slip.tsx';
import {
  packingSlipHandle,
  packingSlipLinks,
  packingSlipMeta,
} from '#app/components/admin/packing-slip-head.ts';
import { loadPackingSlip } from '#app/http/admin/packing-slips.server.ts';
import { useI18n } from '#app/lib/i18n.ts';

export const links: Route.LinksFunction = packingSlipLinks;
export const meta: Route.MetaFunction = packingSlipMeta;
export const handle = packingSlipHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadPackingSlip(args, handle.messageAreas);
}

/** One order's packing slip, ready to print on A4. */
export default function PackingSlipPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { slips, owner, title } = loaderData;
  const slip = slips[0]!;
  return (
    <PackingSlipSheets
      title={title}
      slips={slips}
      owner={owner}
      crumbs={[
        { label: t('admin.orders'), to: '/admin/orders' },
        { label: t('admin.order_title', { number: slip.number }), to: `/admin/orders/${slip.id}` },
      ]}
    />
  );
}
