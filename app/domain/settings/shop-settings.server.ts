// The shop section of the settings area: the owner's details, the store notice, coming-soon.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from './settings.server.ts';
import { SHOP_NAME_SETTING, storedShopName } from './shop-name.server.ts';
import { DEFAULT_SHOP_NAME } from './shop-name.rules.ts';
import { type SettingValues, settingsVersion } from './settings-version.server.ts';
import { type ShopOwner, UNSET_OWNER, shopOwnerSchema } from './shop-owner.ts';
import { OWNER_FIELDS, type ShopForm } from './shop-settings.rules.ts';
import {
  COMING_SOON_SETTING,
  STORE_NOTICE_SETTING,
  type StoreNoticeSetting,
  storeNoticeSchema,
} from './site-settings.server.ts';

export const OWNER_SETTING = 'shop.owner';
export const SHOP_SETTING_KEYS = [
  SHOP_NAME_SETTING,
  OWNER_SETTING,
  STORE_NOTICE_SETTING,
  COMING_SOON_SETTING,
];

/** The notice as the form edits it; unset, it is off with no text. */
export const NO_NOTICE: StoreNoticeSetting = { text: { de: '', en: '' }, id: '', enabled: false };

export type ShopSettings = {
  name: string;
  owner: ShopOwner;
  notice: StoreNoticeSetting;
  comingSoon: boolean;
};

/** The settings in force, with the fallbacks the pages use. */
export async function shopSettings(db: Tx): Promise<ShopSettings> {
  return {
    name: await storedShopName(db),
    owner: await getSetting(db, OWNER_SETTING, shopOwnerSchema, UNSET_OWNER),
    notice: await getSetting(db, STORE_NOTICE_SETTING, storeNoticeSchema, NO_NOTICE),
    // Only `true` switches it on, as the page shell reads it.
    comingSoon: await getSetting(db, COMING_SOON_SETTING, z.boolean(), false),
  };
}

export function shopValues(settings: ShopSettings): SettingValues {
  return {
    [SHOP_NAME_SETTING]: settings.name,
    [OWNER_SETTING]: settings.owner,
    [STORE_NOTICE_SETTING]: settings.notice,
    [COMING_SOON_SETTING]: settings.comingSoon,
  };
}

export function shopSettingsVersion(settings: ShopSettings): string {
  return settingsVersion(shopValues(settings));
}

/** The owner's details as the form gives them. */
export function ownerOfForm(form: ShopForm): ShopOwner {
  const owner = { country: form.owner_country } as ShopOwner;
  for (const [field, { key }] of Object.entries(OWNER_FIELDS)) {
    owner[key] = form[field as keyof typeof OWNER_FIELDS];
  }
  return owner;
}

/**
 * The values the form asks for, given those in force. A changed notice text gets a new id, so
 * shoppers who dismissed the old notice see the new one; switching it on or off keeps the id.
 */
export function shopValuesOfForm(form: ShopForm, current: SettingValues): SettingValues {
  const parsed = storeNoticeSchema.safeParse(current[STORE_NOTICE_SETTING]);
  const before = parsed.success ? parsed.data : NO_NOTICE;
  const text = { de: form.notice_de, en: form.notice_en };
  const sameText = before.text.de === text.de && (before.text.en ?? '') === text.en;
  const notice: StoreNoticeSetting = {
    text,
    id: sameText && before.id ? before.id : randomBytes(9).toString('base64url'),
    enabled: form.notice_on,
  };
  return shopValues({
    name: form.shop_name ?? String(current[SHOP_NAME_SETTING] ?? DEFAULT_SHOP_NAME),
    owner: ownerOfForm(form),
    notice,
    comingSoon: form.coming_soon,
  });
}
