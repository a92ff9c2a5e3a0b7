import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting, putSetting } from '#app/domain/settings/settings.server.ts';

/** The Payment Element's appearance the browser computed from the theme, kept per form kind. */
export const APPEARANCE_SETTING = 'payments.stripe.appearance';

const appearanceObject = z.record(z.string(), z.unknown());
export const storedAppearanceSchema = z.object({
  appearance: appearanceObject.nullable(),
  blocksAppearance: appearanceObject.nullable(),
  themeName: z.string().max(100),
});
export type StoredAppearance = z.infer<typeof storedAppearanceSchema>;

const NONE: StoredAppearance = { appearance: null, blocksAppearance: null, themeName: '' };

export function storedAppearance(db: Tx): Promise<StoredAppearance> {
  return getSetting(db, APPEARANCE_SETTING, storedAppearanceSchema, NONE);
}

/** Keeps the appearance for the classic or the block checkout; a theme change starts afresh. */
export async function saveAppearance(
  db: Tx,
  input: { appearance: Record<string, unknown>; blocks: boolean; themeName: string },
): Promise<void> {
  const current = await storedAppearance(db);
  const base = current.themeName === input.themeName ? current : NONE;
  await putSetting(db, APPEARANCE_SETTING, {
    ...base,
    themeName: input.themeName,
    [input.blocks ? 'blocksAppearance' : 'appearance']: input.appearance,
  });
}
