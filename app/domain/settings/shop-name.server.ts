// The shop's display name: logo, footer, page titles, mails, share previews and search data.
import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { setShopDisplayName } from '#app/lib/i18n.server.ts';
import { DEFAULT_SHOP_NAME, SHOP_NAME_MAX, shopNameProblem } from './shop-name.rules.ts';
import { getSetting } from './settings.server.ts';

export const SHOP_NAME_SETTING = 'shop.name';

/** A stored name the rules accept; anything else (a hand-edited row) counts as unset. */
export const shopNameSchema = z
  .string()
  .max(SHOP_NAME_MAX)
  .refine((v) => shopNameProblem(v) === null);

/** The stored name, read afresh (the settings form and its audit compare against it). */
export function storedShopName(db: Tx): Promise<string> {
  return getSetting(db, SHOP_NAME_SETTING, shopNameSchema, DEFAULT_SHOP_NAME);
}

/**
 * Reads the name in force and makes it the one every translator uses. The settings are kept per
 * instance until any instance writes them, so an edit shows everywhere at once.
 */
export async function loadShopName(db: Tx): Promise<string> {
  const name = await storedShopName(db);
  setShopDisplayName(name);
  return name;
}

/** After a save: the answer to the saving request already shows the new name. */
export function rememberShopName(name: string): void {
  setShopDisplayName(name);
}
