// The category tree's rules: where a move puts a category, and which moves would make a cycle.

export type TreeNode = { id: number; parentId: number | null; position: number };
export type Placement = { parentId: number | null; index: number };
export const MOVES = ['up', 'down', 'in', 'out'] as const;
export type Move = (typeof MOVES)[number];

const byOrder = (a: TreeNode, b: TreeNode) => a.position - b.position || a.id - b.id;

/** The children of a parent (null: the top level) in their order. */
export function childrenOf(nodes: readonly TreeNode[], parentId: number | null): TreeNode[] {
  return nodes.filter((n) => n.parentId === parentId).sort(byOrder);
}

/** The category and everything below it. */
export function subtreeOf(nodes: readonly TreeNode[], id: number): Set<number> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of nodes) {
      if (n.parentId !== null && found.has(n.parentId) && !found.has(n.id)) {
        found.add(n.id);
        grew = true;
      }
    }
  }
  return found;
}

/** Whether `parentId` may hold `id`: never the category itself nor one of its descendants. */
export const canHold = (nodes: readonly TreeNode[], id: number, parentId: number | null) =>
  parentId === null || !subtreeOf(nodes, id).has(parentId);

/**
 * Where a keyboard move puts a category: up and down swap it with its neighbour, in makes it the
 * last child of the category above, out places it right after its parent. Null: it cannot move.
 */
export function placementOf(nodes: readonly TreeNode[], id: number, move: Move): Placement | null {
  const node = nodes.find((n) => n.id === id);
  if (!node) return null;
  const siblings = childrenOf(nodes, node.parentId);
  const at = siblings.findIndex((n) => n.id === id);
  switch (move) {
    case 'up':
      return at > 0 ? { parentId: node.parentId, index: at - 1 } : null;
    case 'down':
      return at < siblings.length - 1 ? { parentId: node.parentId, index: at + 1 } : null;
    case 'in': {
      const above = siblings[at - 1];
      return above ? { parentId: above.id, index: childrenOf(nodes, above.id).length } : null;
    }
    case 'out': {
      if (node.parentId === null) return null;
      const parent = nodes.find((n) => n.id === node.parentId)!;
      const parentAt = childrenOf(nodes, parent.parentId).findIndex((n) => n.id === parent.id);
      return { parentId: parent.parentId, index: parentAt + 1 };
    }
  }
}

/** The new order of a parent's children once `id` is placed at `index` among them. */
export function orderAfter(nodes: readonly TreeNode[], id: number, to: Placement): number[] {
  const others = childrenOf(nodes, to.parentId)
    .map((n) => n.id)
    .filter((n) => n !== id);
  const index = Math.max(0, Math.min(to.index, others.length));
  return [...others.slice(0, index), id, ...others.slice(index)];
}
