import { z } from 'zod';

export const shopOwnerSchema = z.object({
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
  vatId: z.string(),
  register: z.string(),
  representative: z.string(),
});

export type ShopOwnerSettings = z.infer<typeof shopOwnerSchema>;

/** Shown until the owner enters the real details in the `shop.owner` setting. */
export const UNSET_OWNER: ShopOwnerSettings = {
  name: 'Ladenzeile',
  street: '—',
  postcode: '',
  city: '',
  country: 'Deutschland',
  email: 'shop@example.org',
  phone: '—',
  vatId: '—',
  register: '—',
  representative: '—',
};
