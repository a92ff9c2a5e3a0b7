// The import's upsells and cross-sells, written once every product of the file is there.
import type { Actor } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Decoded, E } from './product-import.rows.ts';
import { productIdsByRefs } from './product-links.server.ts';
import { updateProduct } from './product-writes.server.ts';

/**
 * Upsells and cross-sells of the products written, once all are there: `id:N` names the row
 * with that ID in the file (else the shop's product N), any other value a SKU. References
 * found nowhere are left out; the lines naming them are returned with those references.
 */
export async function writeImportedLinks(
  db: Tx,
  linked: { d: Decoded; id: number }[],
  actor: Actor,
  notes: Set<string>,
): Promise<Map<number, string[]>> {
  const unknownByLine = new Map<number, string[]>();
  const byFileId = new Map(linked.flatMap(({ d, id }) => (d.id !== null ? [[d.id, id]] : [])));
  const resolve = async (line: number, refs: string[] | undefined) => {
    if (refs === undefined) return undefined;
    const inFile = refs.map((r) => {
      const m = /^id:(\d{1,9})$/i.exec(r);
      return m && byFileId.has(Number(m[1])) ? byFileId.get(Number(m[1]))! : r;
    });
    const found = await productIdsByRefs(
      db,
      inFile.filter((r): r is string => typeof r === 'string'),
    );
    if (found.unknown.length > 0) {
      notes.add(E('links_unknown'));
      unknownByLine.set(line, [...(unknownByLine.get(line) ?? []), ...found.unknown]);
    }
    const ids = new Map(
      inFile
        .filter((r): r is string => typeof r === 'string')
        .map((r, i) => [r, found.resolved[i]] as const),
    );
    return inFile.flatMap((r) => {
      const id = typeof r === 'number' ? r : ids.get(r);
      return id === undefined || id === null ? [] : [id];
    });
  };
  for (const { d, id } of linked) {
    const upsellIds = (await resolve(d.row.line, d.upsells))?.filter((x) => x !== id);
    const crossSellIds = (await resolve(d.row.line, d.crossSells))?.filter((x) => x !== id);
    const groupedIds =
      d.kind === 'grouped'
        ? (await resolve(d.row.line, d.groupedProducts))?.filter((x) => x !== id)
        : undefined;
    await db.transaction(async (tx) => {
      const saved = await updateProduct(tx, id, { upsellIds, crossSellIds, groupedIds }, actor);
      // Children that cannot be grouped leave the list as it was; the rest is kept.
      if (!saved.ok && groupedIds) {
        notes.add(E('links_unknown'));
        await updateProduct(tx, id, { upsellIds, crossSellIds }, actor);
      }
    });
  }
  return unknownByLine;
}
