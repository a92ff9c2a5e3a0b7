import type { CustomerRole } from './customers.schema.ts';

/** The roles of the shop's staff. */
export const STAFF_ROLES: readonly CustomerRole[] = ['shop_manager', 'administrator'];

/** Who is signed in, as pages show it: never more than a name, an email and a role. */
export type Viewer = {
  id: number;
  name: string;
  email: string;
  role: CustomerRole;
};

/** Staff (shop managers, administrators) moderate reviews, reply as the shop and see edit links. */
export function canEditContent(viewer: Pick<Viewer, 'role'> | null | undefined): boolean {
  return viewer ? STAFF_ROLES.includes(viewer.role) : false;
}
