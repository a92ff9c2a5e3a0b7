import type { Route } from './+types/packing-slips';
import { PackingSlipSheets } from '#app/components/admin/packing-slip.tsx';
import {
  packingSlipHandle,
  packingSlipLinks,
  packingSlipMeta,
} from '#app/components/admin/packing-slip-head.ts';
import { loadPackingSlipList } from '#app/http/admin/packing-slips.server.ts';
import { useI18n } from '#app/lib/i18n.ts';

export const links: Route.LinksFunction = packingSlipLinks;
export const meta: Route.MetaFunction = packingSlipMeta;
export const handle = packingSlipHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadPackingSlipList(args, handle.messageAreas);
}

/** Packing slips of several orders (`?ids=1,2,3`), each on its own printed page. */
export default function PackingSlipsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { slips, owner, title } = loaderData;
  return (
    <PackingSlipSheets
      title={title}
      slips={slips}
      owner={owner}
      crumbs={[{ label: t('admin.orders'), to: '/admin/orders' }]}
    />
  );
}
