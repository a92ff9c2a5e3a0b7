/**
 * A category's names from the top down to it; a broken parent chain (a loop, a missing parent)
 * ends the path instead of running on.
 */
export function categoryPath<C extends { id: number; parentId: number | null }>(
  byId: ReadonlyMap<number, C>,
  id: number,
  name: (category: C) => string,
): string[] {
  const names: string[] = [];
  const seen = new Set<number>();
  for (
    let c = byId.get(id);
    c && !seen.has(c.id);
    c = c.parentId === null ? undefined : byId.get(c.parentId)
  ) {
    seen.add(c.id);
    names.unshift(name(c));
  }
  return names;
}
