import type { Route } from './+types/reports-export';
import { exportReportCsv } from '#app/http/admin/reports.server.ts';

/** One report of a range as CSV (`report=`, `from=`, `to=`, `group=`); staff only. */
export async function loader(args: Route.LoaderArgs) {
  return exportReportCsv(args);
}
