import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting, putSetting } from '#app/domain/settings/settings.server.ts';

/** The Payment Element's appearance the browser computed from the theme, kept per form kind. */
export const APPEARANCE_SETTING = 'payments.stripe.appearance';

/** Theme, one-click layout flag and stylesheet fingerprint, as the browser names them. */
export const appearanceKeySchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_.-]*:oc[01]:[0-9a-f]{8}$/);

const appearanceObject = z.record(z.string(), z.unknown());
export const storedAppearanceSchema = z.object({
  appearance: appearanceObject.nullable(),
  blocksAppearance: appearanceObject.nullable(),
  themeName: z.string().max(100),
  // Saved before appearances had keys: such an entry matches no page and is computed afresh.
  key: z.string().max(200).default(''),
  blocksKey: z.string().max(200).default(''),
});
export type StoredAppearance = z.infer<typeof storedAppearanceSchema>;

const NONE: StoredAppearance = {
  appearance: null,
  blocksAppearance: null,
  themeName: '',
  key: '',
  blocksKey: '',
};

export function storedAppearance(db: Tx): Promise<StoredAppearance> {
  return getSetting(db, APPEARANCE_SETTING, storedAppearanceSchema, NONE);
}

/**
 * Keeps the appearance for the classic or the block checkout with the key it was computed
 * under; a theme change starts afresh, a new key replaces the kind's earlier appearance.
 */
export async function saveAppearance(
  db: Tx,
  input: { appearance: Record<string, unknown>; blocks: boolean; themeName: string; key: string },
): Promise<void> {
  const current = await storedAppearance(db);
  const base = current.themeName === input.themeName ? current : NONE;
  await putSetting(db, APPEARANCE_SETTING, {
    ...base,
    themeName: input.themeName,
    ...(input.blocks
      ? { blocksAppearance: input.appearance, blocksKey: input.key }
      : { appearance: input.appearance, key: input.key }),
  });
}
