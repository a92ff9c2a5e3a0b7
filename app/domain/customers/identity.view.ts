import type { CustomerRole } from './customers.schema.ts';

/** Who is signed in, as pages show it: never more than a name, an email and a role. */
export type Viewer = {
  id: number;
  name: string;
  email: string;
  role: CustomerRole;
};

/** Shop managers moderate reviews, reply as the shop and see edit links. */
export function canEditContent(viewer: Viewer | null | undefined): boolean {
  return viewer?.role === 'shop_manager';
}
