// The shop's display name: logo, footer, page titles, mails, share previews and search data.
import { z } from 'zod';
import { REFERENCE_TTL_MS } from '#app/domain/kernel/short-lived.server.ts';
import { databaseOfTransaction } from '#app/lib/db.server.ts';
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

type Kept = { name: string; expires: number };
// Per database, on the global object: the server's own modules and the built app share it.
const KEPT_KEY = Symbol.for('ladenzeile.shop-name.kept');
function kept(): WeakMap<object, Kept> {
  const holder = globalThis as { [KEPT_KEY]?: WeakMap<object, Kept> };
  holder[KEPT_KEY] ??= new WeakMap();
  return holder[KEPT_KEY];
}

/**
 * Reads the name in force, at most every few seconds per instance, and makes it the one every
 * translator uses: an edit shows on every instance within that time. Inside a transaction the
 * transaction's own view is read and nothing is kept.
 */
export async function loadShopName(db: Tx): Promise<string> {
  if (databaseOfTransaction(db)) return storedShopName(db);
  const hit = kept().get(db);
  if (hit && hit.expires > Date.now()) {
    setShopDisplayName(hit.name);
    return hit.name;
  }
  const name = await storedShopName(db);
  kept().set(db, { name, expires: Date.now() + REFERENCE_TTL_MS });
  setShopDisplayName(name);
  return name;
}

/** After a save: this instance shows the new name at once. */
export function rememberShopName(db: Tx, name: string): void {
  kept().set(databaseOfTransaction(db) ?? db, { name, expires: Date.now() + REFERENCE_TTL_MS });
  setShopDisplayName(name);
}
