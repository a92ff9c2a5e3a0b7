import { z } from 'zod';
import { type Locale, intlLocale } from '#app/lib/locale.ts';

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

/** The shop owner's details, as the legal pages, the contact page and the mails need them. */
export type ShopOwner = z.infer<typeof shopOwnerSchema>;

/** Shown until the owner enters the real details in the `shop.owner` setting. */
export const UNSET_OWNER: ShopOwner = {
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

/** The owner's details as shown to shoppers: an ISO country code becomes the country's name. */
export function displayOwner(owner: ShopOwner, locale: Locale): ShopOwner {
  if (!/^[A-Z]{2}$/.test(owner.country)) return owner;
  const names = new Intl.DisplayNames([intlLocale(locale)], { type: 'region' });
  return { ...owner, country: names.of(owner.country) ?? owner.country };
}
