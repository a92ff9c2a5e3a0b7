import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { settingValues } from './settings.server.ts';

/** The store-wide notice bar: text per language and an id; a new id shows it again to all. */
export const STORE_NOTICE_SETTING = 'site.store_notice';
/** While true the public sees the coming-soon page; shop managers see the shop. */
export const COMING_SOON_SETTING = 'site.coming_soon';

/** The longest notice text per language. */
export const STORE_NOTICE_MAX = 500;

export const storeNoticeSchema = z.object({
  text: z.object({
    de: z.string().max(STORE_NOTICE_MAX),
    en: z.string().max(STORE_NOTICE_MAX).optional(),
  }),
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,32}$/)
    .default(''),
  // Switched off, the texts stay for the next time; older values without the flag are on.
  enabled: z.boolean().default(true),
});
export type StoreNoticeSetting = z.infer<typeof storeNoticeSchema>;

export type SiteSettings = {
  storeNotice: StoreNoticeSetting | null;
  comingSoon: boolean;
  /** The stored values of the further keys the caller asked for (parsed by their owners). */
  further: Record<string, unknown>;
};

/** What every page's shell needs, in one query; a malformed value counts as unset. */
export async function siteSettings(
  db: Tx,
  furtherKeys: readonly string[] = [],
): Promise<SiteSettings> {
  const stored = await settingValues(db, [
    STORE_NOTICE_SETTING,
    COMING_SOON_SETTING,
    ...furtherKeys,
  ]);
  const value = (key: string) => stored.get(key);
  const notice = storeNoticeSchema.safeParse(value(STORE_NOTICE_SETTING));
  return {
    storeNotice:
      notice.success && notice.data.enabled && notice.data.text.de.trim() ? notice.data : null,
    comingSoon: value(COMING_SOON_SETTING) === true,
    further: Object.fromEntries(furtherKeys.map((key) => [key, value(key)])),
  };
}
