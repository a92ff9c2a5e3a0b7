// The swatches of a variable product's attributes as its variations tab edits them.
import { eq } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import { type Result, domainError, fail } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { type SwatchType, attributes } from './catalog.schema.ts';
import { type SwatchOptions, swatchSettings } from './swatch-settings.server.ts';
import { SWATCH_SETTINGS_KEY, type SwatchSettings } from './swatch-settings.view.ts';
import { inTransaction, linkedAttributes, variableProduct } from './variations-admin.server.ts';

const invalid = (code: string, params?: Record<string, string | number>) =>
  domainError('invalid', code, params);

/**
 * The swatch type of the product's attributes (they are shared: other products using the
 * attribute change too) and the shop's swatch behaviour on the product page.
 */
export async function saveSwatches(
  db: Tx,
  productId: number,
  types: ReadonlyMap<number, SwatchType>,
  /** The options the variations tab edits; the others stay as they are. */
  edited: SwatchSettings,
  actor: Actor,
): Promise<Result<{ changed: number }>> {
  const found = await variableProduct(db, productId);
  if (!found.ok) return found;
  const linked = await linkedAttributes(db, productId);
  for (const id of types.keys()) {
    if (!linked.some((l) => l.attributeId === id)) {
      return fail(invalid('catalog.error.unknown_attribute', { id }));
    }
  }
  const before = await swatchSettings(db);
  const settings: SwatchOptions = { ...before, ...edited };
  return inTransaction(db, async (tx) => {
    let changed = 0;
    for (const [id, type] of types) {
      const old = linked.find((l) => l.attributeId === id)!;
      if (old.swatchType === type) continue;
      await tx.update(attributes).set({ swatchType: type }).where(eq(attributes.id, id));
      await recordChange(tx, actor, {
        entity: 'attribute',
        entityId: id,
        action: 'update',
        before: { swatchType: old.swatchType },
        after: { swatchType: type },
      });
      changed++;
    }
    if (JSON.stringify(before) !== JSON.stringify(settings)) {
      await putSetting(tx, SWATCH_SETTINGS_KEY, settings);
      await recordChange(tx, actor, {
        entity: 'setting',
        entityId: SWATCH_SETTINGS_KEY,
        action: 'update',
        before: { ...before },
        after: { ...settings },
      });
      changed++;
    }
    return { changed };
  });
}
