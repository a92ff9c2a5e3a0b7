// Adding a grouped product's children at once, each with its own quantity (the product page's
// table). Each child is added as if bought alone; the first refusal stops the rest.
import { domainError, fail, ok, type Result } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Locale } from '#app/lib/locale.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import { shownGroupedChildren } from '#app/domain/catalog/grouped-rows.server.ts';
import { shownNow } from '#app/domain/catalog/publication.ts';
import { type CartOwner, addItem } from './cart.server.ts';
import { invalidProduct } from './cart.errors.ts';

export async function addGroupedItems(
  db: Tx,
  owner: CartOwner,
  input: { groupId: number; quantities: { id: number; quantity: number }[] },
  ctx: { currency: string; locale: Locale },
): Promise<Result<{ names: string[] }>> {
  const group = (await productRowsById(db, [input.groupId])).get(input.groupId);
  if (!group || group.type !== 'grouped' || group.parentId !== null || !shownNow(group)) {
    return fail(invalidProduct);
  }
  const children = (await shownGroupedChildren(db, [group.id])).get(group.id) ?? [];
  const byId = new Map(children.map((c) => [c.id, c]));
  const chosen = input.quantities.filter((q) => q.quantity > 0);
  if (chosen.length === 0) return fail(domainError('invalid', 'product.grouped_none'));
  if (chosen.some((q) => !byId.has(q.id))) return fail(invalidProduct);
  const names: string[] = [];
  for (const { id, quantity } of chosen) {
    const added = await addItem(db, owner, { id, quantity }, ctx);
    if (!added.ok) return added;
    names.push(localize(byId.get(id)!.name, ctx.locale));
  }
  return ok({ names });
}
